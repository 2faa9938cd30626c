// Converted from teams.rb by resourceful-convert.
// Made up in the style of a multi-tenant SaaS application's account area: `shallow` on a
// singular resource, on a renamed resource with `param:`, through a singular resource nested
// in it and a plural one with its own `param:`, and on a namespace around `scope module:`.
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
            member {
                post(archive);
            }
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

// request: GET /account/tokens
// request: DELETE /tokens/5
// request: GET /orgs/acme/billing/invoices
// request: GET /invoices/7/pdf
// request: GET /teams/core/members
// request: DELETE /members/9
// request: POST /teams/core/archive
// request: GET /admin/pages/3
// helper: organization_billing_invoices_path("acme")
// helper: team_members_path("core")
// helper: archive_team_path("core")
