//! `draw!` against Rails 6.1 itself: each routes file under tests/rails/routes was drawn by
//! Rails (tests/rails/oracle.rb), which answered requests made from every route's pattern,
//! named helpers and `url_for`; the answers are tests/rails/answers. The `draw!` port of each
//! file (tests/rails/draw) must answer the same, but where this crate differs on purpose:
//!
//! - a request whose path some route takes with another method is a 405 here, a 404 in Rails;
//! - a constraint given as a function of the request (Rails' lambda) sees the request, not its
//!   params;
//! - a helper or `url_for` writes a value's `.` as `%2E` where the value's requirement takes
//!   no dot (recognition then gives the value back), and takes no empty value;
//! - Rails answers 500 where its own code raises (a redirect's `%{param}` that the path left
//!   out, a controller constant that does not exist); those requests are not compared.
//!
//! The comparison is tests/common/rails_answers.rs, which tests/convert_rails.rs makes of the
//! converter's output too.

use resourceful::RouteSet;

#[path = "common/rails_answers.rs"]
mod rails_answers;

mod forms {
    include!("rails/draw/forms.rs");
}

mod apps_api {
    include!("rails/draw/apps/api.rs");
}

mod apps_bulk {
    include!("rails/draw/apps/bulk.rs");
}

mod apps_edges {
    include!("rails/draw/apps/edges.rs");
}

mod apps_engines {
    include!("rails/draw/apps/engines.rs");
}

mod apps_forum {
    include!("rails/draw/apps/forum.rs");
}

mod apps_helpdesk {
    include!("rails/draw/apps/helpdesk.rs");
}

mod apps_moves {
    include!("rails/draw/apps/moves.rs");
}

mod apps_naming {
    include!("rails/draw/apps/naming.rs");
}

mod apps_nasty {
    include!("rails/draw/apps/nasty.rs");
}

mod apps_hosts {
    include!("rails/draw/apps/hosts.rs");
}

mod apps_modern {
    include!("rails/draw/apps/modern.rs");
}

mod apps_news {
    include!("rails/draw/apps/news.rs");
}

mod apps_planning {
    include!("rails/draw/apps/planning.rs");
}

mod apps_social {
    include!("rails/draw/apps/social.rs");
}

mod apps_storefront {
    include!("rails/draw/apps/storefront.rs");
}

mod apps_shop {
    include!("rails/draw/apps/shop.rs");
}

mod apps_teams {
    include!("rails/draw/apps/teams.rs");
}

mod apps_tracker {
    include!("rails/draw/apps/tracker.rs");
}

mod rails_concerns {
    include!("rails/draw/rails/concerns.rs");
}

mod rails_constraints {
    include!("rails/draw/rails/constraints.rs");
}

mod rails_custom_routes {
    include!("rails/draw/rails/custom_routes.rs");
}

mod rails_defaults_and_format {
    include!("rails/draw/rails/defaults_and_format.rs");
}

mod rails_glob_redirect {
    include!("rails/draw/rails/glob_redirect.rs");
}

mod rails_mounts {
    include!("rails/draw/rails/mounts.rs");
}

mod rails_namespaces {
    include!("rails/draw/rails/namespaces.rs");
}

mod rails_only_except {
    include!("rails/draw/rails/only_except.rs");
}

mod rails_optional_root_segments {
    include!("rails/draw/rails/optional_root_segments.rs");
}

mod rails_projects {
    include!("rails/draw/rails/projects.rs");
}

mod rails_projects_members {
    include!("rails/draw/rails/projects_members.rs");
}

mod rails_projects_new_on_collection {
    include!("rails/draw/rails/projects_new_on_collection.rs");
}

mod rails_redirects {
    include!("rails/draw/rails/redirects.rs");
}

mod rails_request_constraints {
    include!("rails/draw/rails/request_constraints.rs");
}

mod rails_resources_misc {
    include!("rails/draw/rails/resources_misc.rs");
}

mod rails_resources_path_names {
    include!("rails/draw/rails/resources_path_names.rs");
}

mod rails_route_defaults {
    include!("rails/draw/rails/route_defaults.rs");
}

mod rails_scoped_root_as {
    include!("rails/draw/rails/scoped_root_as.rs");
}

mod rails_scopes {
    include!("rails/draw/rails/scopes.rs");
}

mod rails_segments {
    include!("rails/draw/rails/segments.rs");
}

mod rails_sessions {
    include!("rails/draw/rails/sessions.rs");
}

mod rails_shallow {
    include!("rails/draw/rails/shallow.rs");
}

mod rails_shallow_scopes {
    include!("rails/draw/rails/shallow_scopes.rs");
}

fn check(set: &'static RouteSet, name: &str) {
    check_leaving_out(set, name, &[]);
}

/// As [`check`], for a port that leaves out routes of Rails' listing
/// (`"GET /path(.:format) controller#action"`)
/// which no request reaches: `draw!` refuses them (a compile error), and their requests are
/// answered by the routes that shadow them, as in Rails.
fn check_leaving_out(set: &'static RouteSet, name: &str, left_out: &[&str]) {
    check_refusing(set, name, left_out, &[]);
}

/// As [`check_leaving_out`], for a port where `draw!` differs from Rails on purpose (a
/// `:controller` or `:action` segment it refuses, a constraint Rails tests against a method
/// of its `Request`): the requests whose paths hold one of `refused`, the `url_for` calls
/// Rails answers with such paths, and the helper and `url_for` calls written as one of
/// `refused` (`name_path({"key":"value"})`, `url_for({...})`), are not compared.
fn check_refusing(set: &'static RouteSet, name: &str, left_out: &[&str], refused: &[&str]) {
    follows_its_definition(set, name);
    let (compared, out) = rails_answers::disagreements(set, name, left_out, refused);
    assert!(
        out.is_empty(),
        "{} of {compared} answers differ from Rails':\n{}",
        out.len(),
        out.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The generated matcher answers each of the requests Rails was asked, by path alone, as the
/// plain definition of recognition for a `draw!` set does (`routes_runtime::testing`, Journey's
/// regular expressions read from the patterns), so that the definition is held to Rails too;
/// but for files that constrain a format, which the definition cannot see.
fn follows_its_definition(set: &'static RouteSet, name: &str) {
    let answers = rails_answers::answers(name);
    // The definition does not know a format's constraint, which the route data does not hold.
    let constrained_format = answers["routes"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|route| route["requirements"].get("format").is_some());
    if constrained_format {
        return;
    }
    for request in answers["requests"].as_array().expect("requests") {
        let method = request["method"].as_str().unwrap_or_default();
        let Ok(method) = resourceful::http::Method::from_bytes(method.as_bytes()) else {
            continue;
        };
        let path = request["path"].as_str().unwrap_or_default();
        let given = set
            .recognize(&method, path)
            .as_ref()
            .map(routes_runtime::testing::Answer::of)
            .map_err(Clone::clone);
        assert_eq!(
            given,
            routes_runtime::testing::recognize(set, &method, path),
            "{name}: {method} {path}"
        );
    }
}

#[test]
fn forms_answers_as_rails() {
    check(&forms::ROUTES, "forms");
}

#[test]
fn apps_api_answers_as_rails() {
    // Rails tests the accounts' `uuid` constraint, which the nested api keys' paths lack,
    // against `Request#uuid` (the request id), and answers 404 to all of their requests;
    // `draw!` constrains only the routes whose paths have the segment.
    check_refusing(&apps_api::ROUTES, "apps/api", &[], &["/api_keys"]);
}

#[test]
fn apps_bulk_answers_as_rails() {
    check(&apps_bulk::ROUTES, "apps/bulk");
}

#[test]
fn apps_edges_answers_as_rails() {
    // A value's dot, where its requirement does not take dots, is written `%2E`, so that the
    // URL is recognised with the value written (Rails writes `/file-a.b.tar.gz`, which its
    // own route does not take); an empty value is missing, where Rails writes `/empty/`,
    // which recognition reads as `/empty`.
    check_refusing(
        &apps_edges::ROUTES,
        "apps/edges",
        &[],
        &[
            r#"tarball_path({"name":"a.b"})"#,
            r#"url_for({"action":"show","controller":"empty","id":""})"#,
        ],
    );
}

#[test]
fn apps_engines_answers_as_rails() {
    check(&apps_engines::ROUTES, "apps/engines");
}

#[test]
fn apps_forum_answers_as_rails() {
    check(&apps_forum::ROUTES, "apps/forum");
}

#[test]
fn apps_helpdesk_answers_as_rails() {
    // `url_for` takes `params:` as a hash of query params (one of its own options, as `host:`
    // or `anchor:`), so Rails raises `TypeError` when given the `*params` glob's value as a
    // string; `draw!`'s `url_for` writes it into the path.
    check_refusing(
        &apps_helpdesk::ROUTES,
        "apps/helpdesk",
        &[],
        &[
            r#"url_for({"action":"index","controller":"dashboard","params":"a/b"})"#,
            r#"url_for({"action":"index","controller":"dashboard","params":"a/b.c"})"#,
        ],
    );
}

#[test]
fn apps_moves_answers_as_rails() {
    check(&apps_moves::ROUTES, "apps/moves");
}

#[test]
fn apps_naming_answers_as_rails() {
    check(&apps_naming::ROUTES, "apps/naming");
}

#[test]
fn apps_nasty_answers_as_rails() {
    check(&apps_nasty::ROUTES, "apps/nasty");
}

#[test]
fn apps_hosts_answers_as_rails() {
    check(&apps_hosts::ROUTES, "apps/hosts");
}

#[test]
fn apps_modern_answers_as_rails() {
    check(&apps_modern::ROUTES, "apps/modern");
}

#[test]
fn apps_news_answers_as_rails() {
    check_leaving_out(
        &apps_news::ROUTES,
        "apps/news",
        &["GET /comments(.:format) comments#index"],
    );
}

#[test]
fn apps_planning_answers_as_rails() {
    check(&apps_planning::ROUTES, "apps/planning");
}

#[test]
fn apps_social_answers_as_rails() {
    check(&apps_social::ROUTES, "apps/social");
}

#[test]
fn apps_storefront_answers_as_rails() {
    check_leaving_out(
        &apps_storefront::ROUTES,
        "apps/storefront",
        &[
            "GET /products(.:format) products#index",
            "GET /products/:product_slug/reviews(.:format) reviews#index",
        ],
    );
}

#[test]
fn apps_shop_answers_as_rails() {
    check(&apps_shop::ROUTES, "apps/shop");
}

#[test]
fn apps_teams_answers_as_rails() {
    check(&apps_teams::ROUTES, "apps/teams");
}

#[test]
fn apps_tracker_answers_as_rails() {
    check_leaving_out(
        &apps_tracker::ROUTES,
        "apps/tracker",
        &["GET /:org/:project/milestones(.:format) milestones#index"],
    );
}

#[test]
fn rails_concerns_answers_as_rails() {
    check(&rails_concerns::ROUTES, "rails/concerns");
}

#[test]
fn rails_constraints_answers_as_rails() {
    check_leaving_out(
        &rails_constraints::ROUTES,
        "rails/constraints",
        &["GET /products(.:format) products#index"],
    );
}

#[test]
fn rails_custom_routes_answers_as_rails() {
    check(&rails_custom_routes::ROUTES, "rails/custom_routes");
}

#[test]
fn rails_defaults_and_format_answers_as_rails() {
    // A required format's constraint is not checked when a URL is written: `draw!` writes
    // `/json_only.abc`, where Rails refuses the format.
    check_refusing(
        &rails_defaults_and_format::ROUTES,
        "rails/defaults_and_format",
        &[],
        &[r#"json_only_path({"format":"abc"})"#],
    );
}

#[test]
fn rails_glob_redirect_answers_as_rails() {
    check(&rails_glob_redirect::ROUTES, "rails/glob_redirect");
}

#[test]
fn rails_mounts_answers_as_rails() {
    check(&rails_mounts::ROUTES, "rails/mounts");
}

#[test]
fn rails_namespaces_answers_as_rails() {
    check_refusing(
        &rails_namespaces::ROUTES,
        "rails/namespaces",
        &["GET /admin/hello/:controllers/:action(.:format) admin#index"],
        &["/admin/hello/"],
    );
}

#[test]
fn rails_only_except_answers_as_rails() {
    check(&rails_only_except::ROUTES, "rails/only_except");
}

#[test]
fn rails_optional_root_segments_answers_as_rails() {
    check(
        &rails_optional_root_segments::ROUTES,
        "rails/optional_root_segments",
    );
}

#[test]
fn rails_projects_answers_as_rails() {
    check(&rails_projects::ROUTES, "rails/projects");
}

#[test]
fn rails_projects_members_answers_as_rails() {
    check(&rails_projects_members::ROUTES, "rails/projects_members");
}

#[test]
fn rails_projects_new_on_collection_answers_as_rails() {
    check(
        &rails_projects_new_on_collection::ROUTES,
        "rails/projects_new_on_collection",
    );
}

#[test]
fn rails_redirects_answers_as_rails() {
    // A `%{param}` never changes a redirect's host: Rails sends `redirect("/%{name}s")` for
    // `/account/modulo/%2Fevil%2Ecom` to `http://evil.coms`, `draw!` to the request's host.
    check_refusing(
        &rails_redirects::ROUTES,
        "rails/redirects",
        &[],
        &["/account/modulo/%2Fevil%2Ecom"],
    );
}

#[test]
fn rails_request_constraints_answers_as_rails() {
    check(
        &rails_request_constraints::ROUTES,
        "rails/request_constraints",
    );
}

#[test]
fn rails_resources_misc_answers_as_rails() {
    // A Rack app as a verb route's target is no `draw!` target.
    check_refusing(
        &rails_resources_misc::ROUTES,
        "rails/resources_misc",
        &[
            "GET /sprockets.js(.:format) #",
            "GET /items(.:format) items#index",
            "GET /entries/remarks(.:format) remarks#index",
        ],
        &["/sprockets.js"],
    );
}

#[test]
fn rails_resources_path_names_answers_as_rails() {
    check(
        &rails_resources_path_names::ROUTES,
        "rails/resources_path_names",
    );
}

#[test]
fn rails_route_defaults_answers_as_rails() {
    // `bucket_type: "post"`, an option Rails makes a default `url_for` must be given, is a
    // default here (an unknown option is an error in `draw!`), which `url_for` need not be.
    check_refusing(
        &rails_route_defaults::ROUTES,
        "rails/route_defaults",
        &[],
        &[r#"url_for({"action":"show","controller":"posts","id":1})"#],
    );
}

#[test]
fn rails_scoped_root_as_answers_as_rails() {
    check(&rails_scoped_root_as::ROUTES, "rails/scoped_root_as");
}

#[test]
fn rails_scopes_answers_as_rails() {
    check(&rails_scopes::ROUTES, "rails/scopes");
}

#[test]
fn rails_segments_answers_as_rails() {
    check(&rails_segments::ROUTES, "rails/segments");
}

#[test]
fn rails_sessions_answers_as_rails() {
    // `draw!` refuses `/downloads/:id/:id.tar`, a path that names one segment twice.
    check_refusing(
        &rails_sessions::ROUTES,
        "rails/sessions",
        &[
            "GET /session(.:format) sessions#show",
            "GET /downloads/:id/:id.tar downloads#show",
        ],
        &["/downloads/"],
    );
}

#[test]
fn rails_shallow_answers_as_rails() {
    check(&rails_shallow::ROUTES, "rails/shallow");
}

#[test]
fn rails_shallow_scopes_answers_as_rails() {
    check_leaving_out(
        &rails_shallow_scopes::ROUTES,
        "rails/shallow_scopes",
        &[
            "GET /comments/:id/edit(.:format) comments#edit",
            "GET /comments/:id(.:format) comments#show",
            "PATCH /comments/:id(.:format) comments#update",
            "PUT /comments/:id(.:format) comments#update",
            "DELETE /comments/:id(.:format) comments#destroy",
        ],
    );
}
