// The port of tests/rails/routes/apps/teams.rb: `shallow` on singular, renamed and
// namespaced resources.

resourceful::draw! {
    resource(account, shallow) {
        resources(tokens, only(index, show, destroy));
    }
    resources(orgs, param = "slug", shallow, as = "organizations") {
        resource(billing, only(show)) {
            resources(invoices, only(index, show)) {
                get(pdf, on = member);
            }
        }
        resources(teams, param = "handle", only(index, show)) {
            resources(members, only(index, destroy));
            member { post(archive); }
        }
    }
    namespace(admin, shallow) {
        resources(sites) {
            scope(module = "sites") {
                resources(pages, only(index, show));
            }
        }
    }
}
