//! The tracker example's routes file, route by route, as Rails' `assert_routing` checks one:
//! a request is recognised as a `controller#action` with its params, and those params build
//! the same path back. Every route of the table is reached by some row.

#[path = "../examples/tracker/routes.rs"]
#[allow(dead_code)]
mod routes;

mod support;

use std::collections::BTreeSet;

use resourceful::UrlFor;

/// `(method, path, controller#action params)`: recognised so, and built back from those params
/// by `url_for`.
const ROUTING: &[(&str, &str, &str)] = &[
    ("GET", "/", "welcome#index"),
    ("GET", "/login", "account#login"),
    ("POST", "/login", "account#login"),
    ("GET", "/account/register", "account#register"),
    ("POST", "/account/lost_password", "account#lost_password"),
    ("POST", "/logout", "account#logout"),
    ("GET", "/my/page", "my#page"),
    ("POST", "/my/account", "my#account"),
    ("POST", "/my/add_block", "my#add_block"),
    ("POST", "/my/order_blocks", "my#order_blocks"),
    // Projects and what lives under them.
    (
        "GET",
        "/projects/redmine/issues/calendar",
        "issues#calendar project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/issues/gantt",
        "issues#gantt project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/issues",
        "issues#index project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/issues.atom",
        "issues#index project_id=redmine format=atom",
    ),
    (
        "POST",
        "/projects/redmine/issues",
        "issues#create project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/issues/new",
        "issues#new project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/versions",
        "versions#index project_id=redmine",
    ),
    (
        "POST",
        "/projects/redmine/versions",
        "versions#create project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/versions/new",
        "versions#new project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/news",
        "news#index project_id=redmine",
    ),
    (
        "POST",
        "/projects/redmine/news",
        "news#create project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/news/new",
        "news#new project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/time_entries/report",
        "timelog#report project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/time_entries/report.csv",
        "timelog#report project_id=redmine format=csv",
    ),
    (
        "GET",
        "/projects/redmine/time_entries",
        "timelog#index project_id=redmine",
    ),
    (
        "POST",
        "/projects/redmine/time_entries",
        "timelog#create project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/time_entries/new",
        "timelog#new project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/memberships",
        "memberships#index project_id=redmine",
    ),
    (
        "POST",
        "/projects/redmine/memberships",
        "memberships#create project_id=redmine",
    ),
    ("GET", "/projects/archived", "projects#archived"),
    ("GET", "/projects", "projects#index"),
    ("GET", "/projects.xml", "projects#index format=xml"),
    ("POST", "/projects", "projects#create"),
    ("GET", "/projects/new", "projects#new"),
    ("GET", "/projects/redmine/edit", "projects#edit id=redmine"),
    (
        "GET",
        "/projects/redmine/settings",
        "projects#settings id=redmine",
    ),
    (
        "POST",
        "/projects/redmine/archive",
        "projects#archive id=redmine",
    ),
    (
        "POST",
        "/projects/redmine/unarchive",
        "projects#unarchive id=redmine",
    ),
    ("GET", "/projects/redmine", "projects#show id=redmine"),
    (
        "GET",
        "/projects/redmine.json",
        "projects#show id=redmine format=json",
    ),
    ("PUT", "/projects/redmine", "projects#update id=redmine"),
    ("PATCH", "/projects/redmine", "projects#update id=redmine"),
    ("DELETE", "/projects/redmine", "projects#destroy id=redmine"),
    ("PUT", "/memberships/5", "memberships#update id=5"),
    ("DELETE", "/memberships/5", "memberships#destroy id=5"),
    ("GET", "/versions/3/edit", "versions#edit id=3"),
    ("GET", "/versions/3", "versions#show id=3"),
    ("PUT", "/versions/3", "versions#update id=3"),
    ("DELETE", "/versions/3", "versions#destroy id=3"),
    // Issues, and the time spent on each.
    (
        "GET",
        "/issues/64/time_entries",
        "timelog#index issue_id=64",
    ),
    (
        "POST",
        "/issues/64/time_entries",
        "timelog#create issue_id=64",
    ),
    (
        "GET",
        "/issues/64/time_entries/new",
        "timelog#new issue_id=64",
    ),
    (
        "GET",
        "/issues/64/time_entries/9/edit",
        "timelog#edit issue_id=64 id=9",
    ),
    (
        "GET",
        "/issues/64/time_entries/9",
        "timelog#show issue_id=64 id=9",
    ),
    (
        "PUT",
        "/issues/64/time_entries/9",
        "timelog#update issue_id=64 id=9",
    ),
    (
        "DELETE",
        "/issues/64/time_entries/9",
        "timelog#destroy issue_id=64 id=9",
    ),
    (
        "GET",
        "/issues/64/relations",
        "issue_relations#index issue_id=64",
    ),
    (
        "POST",
        "/issues/64/relations",
        "issue_relations#create issue_id=64",
    ),
    (
        "DELETE",
        "/issues/64/relations/2",
        "issue_relations#destroy issue_id=64 id=2",
    ),
    ("GET", "/issues/bulk_edit", "issues#bulk_edit"),
    ("POST", "/issues/bulk_edit", "issues#bulk_edit"),
    ("GET", "/issues", "issues#index"),
    ("GET", "/issues.atom", "issues#index format=atom"),
    ("POST", "/issues", "issues#create"),
    ("GET", "/issues/new", "issues#new"),
    ("GET", "/issues/64/edit", "issues#edit id=64"),
    ("GET", "/issues/64/copy", "issues#copy id=64"),
    ("GET", "/issues/64", "issues#show id=64"),
    ("GET", "/issues/64.pdf", "issues#show id=64 format=pdf"),
    ("PUT", "/issues/64", "issues#update id=64"),
    ("DELETE", "/issues/64", "issues#destroy id=64"),
    ("GET", "/time_entries/report", "timelog#report"),
    (
        "GET",
        "/time_entries/report.csv",
        "timelog#report format=csv",
    ),
    ("DELETE", "/time_entries/55", "timelog#destroy id=55"),
    // The wiki.
    (
        "GET",
        "/projects/redmine/wiki",
        "wiki#show project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/wiki/Guide",
        "wiki#show project_id=redmine page=Guide",
    ),
    (
        "GET",
        "/projects/redmine/wiki/Guide/edit",
        "wiki#edit project_id=redmine page=Guide",
    ),
    (
        "POST",
        "/projects/redmine/wiki/Guide/edit",
        "wiki#edit project_id=redmine page=Guide",
    ),
    (
        "GET",
        "/projects/redmine/wiki/Guide/history",
        "wiki#history project_id=redmine page=Guide",
    ),
    (
        "GET",
        "/projects/redmine/wiki/Guide/7",
        "wiki#show project_id=redmine page=Guide version=7",
    ),
    (
        "GET",
        "/projects/redmine/wiki/Guide/diff/7/vs",
        "wiki#diff project_id=redmine page=Guide version=7",
    ),
    (
        "GET",
        "/projects/redmine/wiki/Guide/diff/7/vs/4",
        "wiki#diff project_id=redmine page=Guide version=7 version_from=4",
    ),
    (
        "GET",
        "/projects/redmine/wiki/Guide/annotate/7",
        "wiki#annotate project_id=redmine page=Guide version=7",
    ),
    (
        "POST",
        "/projects/redmine/wiki/Guide/rename",
        "wiki#rename project_id=redmine page=Guide",
    ),
    (
        "POST",
        "/projects/redmine/wiki/Guide/protect",
        "wiki#protect project_id=redmine page=Guide",
    ),
    (
        "POST",
        "/projects/redmine/wiki/Guide/destroy",
        "wiki#destroy project_id=redmine page=Guide",
    ),
    // The repository browser.
    (
        "GET",
        "/projects/redmine/repository",
        "repositories#show project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/repository/statistics",
        "repositories#stats project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/repository/raw/app/models/user.rb",
        "repositories#entry project_id=redmine path=app/models/user.rb format=raw",
    ),
    (
        "GET",
        "/projects/redmine/repository/browse/app/models",
        "repositories#browse project_id=redmine path=app/models",
    ),
    (
        "GET",
        "/projects/redmine/repository/browse",
        "repositories#browse project_id=redmine path=",
    ),
    (
        "GET",
        "/projects/redmine/repository/entry/app/models/user.rb",
        "repositories#entry project_id=redmine path=app/models/user.rb",
    ),
    (
        "GET",
        "/projects/redmine/repository/changes/README",
        "repositories#changes project_id=redmine path=README",
    ),
    (
        "GET",
        "/projects/redmine/repository/annotate/doc/caf%C3%A9.txt",
        "repositories#annotate project_id=redmine path=doc/café.txt",
    ),
    // Attachments.
    (
        "GET",
        "/attachments/1/report.pdf",
        "attachments#show id=1 filename=report.pdf",
    ),
    (
        "GET",
        "/attachments/download/1/report.pdf",
        "attachments#download id=1 filename=report.pdf",
    ),
    (
        "GET",
        "/attachments/download/1",
        "attachments#download id=1",
    ),
    ("GET", "/attachments/1", "attachments#show id=1"),
    ("DELETE", "/attachments/1", "attachments#destroy id=1"),
    // Feeds.
    ("GET", "/activity", "activities#index"),
    ("GET", "/activity.atom", "activities#index format=atom"),
    (
        "GET",
        "/projects/redmine/activity",
        "activities#index project_id=redmine",
    ),
    (
        "GET",
        "/projects/redmine/activity.atom",
        "activities#index project_id=redmine format=atom",
    ),
    ("POST", "/news/2/comments", "news_comments#create news_id=2"),
    (
        "DELETE",
        "/news/2/comments/3",
        "news_comments#destroy news_id=2 id=3",
    ),
    ("GET", "/news", "news#index"),
    ("GET", "/news.rss", "news#index format=rss"),
    ("GET", "/news/2/edit", "news#edit id=2"),
    ("GET", "/news/2", "news#show id=2"),
    ("PUT", "/news/2", "news#update id=2"),
    ("DELETE", "/news/2", "news#destroy id=2"),
    ("GET", "/search", "search#index"),
    (
        "GET",
        "/projects/redmine/search",
        "search#index project_id=redmine",
    ),
    // Administration.
    ("GET", "/admin", "admin/dashboard#index"),
    ("GET", "/admin/users", "admin/users#index"),
    ("POST", "/admin/users", "admin/users#create"),
    ("GET", "/admin/users/new", "admin/users#new"),
    ("GET", "/admin/users/8/edit", "admin/users#edit id=8"),
    ("POST", "/admin/users/8/lock", "admin/users#lock id=8"),
    ("POST", "/admin/users/8/unlock", "admin/users#unlock id=8"),
    ("GET", "/admin/users/8", "admin/users#show id=8"),
    ("PUT", "/admin/users/8", "admin/users#update id=8"),
    ("DELETE", "/admin/users/8", "admin/users#destroy id=8"),
    ("GET", "/admin/roles/permissions", "admin/roles#permissions"),
    (
        "POST",
        "/admin/roles/permissions",
        "admin/roles#permissions",
    ),
    ("GET", "/admin/roles", "admin/roles#index"),
    ("POST", "/admin/roles", "admin/roles#create"),
    ("GET", "/admin/roles/1/edit", "admin/roles#edit id=1"),
    ("GET", "/admin/roles/new", "admin/roles#new"),
    ("GET", "/admin/roles/1", "admin/roles#show id=1"),
    ("PUT", "/admin/roles/1", "admin/roles#update id=1"),
    ("DELETE", "/admin/roles/1", "admin/roles#destroy id=1"),
    ("GET", "/admin/trackers", "admin/trackers#index"),
    ("POST", "/admin/trackers", "admin/trackers#create"),
    ("GET", "/admin/trackers/new", "admin/trackers#new"),
    ("GET", "/admin/trackers/2/edit", "admin/trackers#edit id=2"),
    ("PUT", "/admin/trackers/2", "admin/trackers#update id=2"),
    ("DELETE", "/admin/trackers/2", "admin/trackers#destroy id=2"),
    ("GET", "/admin/issue_statuses", "admin/issue_statuses#index"),
    (
        "POST",
        "/admin/issue_statuses",
        "admin/issue_statuses#create",
    ),
    (
        "GET",
        "/admin/issue_statuses/new",
        "admin/issue_statuses#new",
    ),
    (
        "GET",
        "/admin/issue_statuses/4/edit",
        "admin/issue_statuses#edit id=4",
    ),
    (
        "PUT",
        "/admin/issue_statuses/4",
        "admin/issue_statuses#update id=4",
    ),
    (
        "DELETE",
        "/admin/issue_statuses/4",
        "admin/issue_statuses#destroy id=4",
    ),
    ("GET", "/admin/settings", "admin/settings#edit"),
    ("POST", "/admin/settings", "admin/settings#edit"),
    ("GET", "/admin/info", "admin/dashboard#info"),
    // The catch-all.
    (
        "GET",
        "/nowhere/at/all.html",
        "errors#not_found path=nowhere/at/all.html",
    ),
];

/// `controller#action k=v ...` as the params `url_for` builds from.
fn url_for(expected: &str) -> UrlFor {
    let mut words = expected.split(' ');
    let (controller, action) = words
        .next()
        .and_then(|target| target.split_once('#'))
        .expect("controller#action");
    words.fold(
        UrlFor::new()
            .param("controller", controller)
            .param("action", action),
        |hash, pair| {
            let (key, value) = pair.split_once('=').expect("key=value");
            hash.param(key, value)
        },
    )
}

#[test]
fn every_route_is_recognised_and_generated_as_rails_asserts_routing() {
    support::check_table(&routes::ROUTES, ROUTING);
    let mut failures = Vec::new();
    for &(verb, path, expected) in ROUTING {
        match routes::ROUTES.url_for(&url_for(expected)) {
            Ok(built) if built == path => {}
            other => failures.push(format!("{verb} {path}: {expected} built {other:?}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let reached: BTreeSet<usize> = ROUTING
        .iter()
        .filter_map(|&(verb, path, _)| {
            let found = routes::ROUTES
                .recognize(&support::method(verb), path)
                .ok()?;
            routes::ROUTES
                .routes()
                .iter()
                .position(|route| std::ptr::eq(route, found.route()))
        })
        .collect();
    let missed: Vec<String> = (0..routes::ROUTES.routes().len())
        .filter(|i| !reached.contains(i))
        .map(|i| routes::ROUTES.routes()[i].to_string())
        .collect();
    assert!(missed.is_empty(), "routes no row reaches: {missed:?}");
    assert!(routes::ROUTES.routes().len() >= 100);
    assert!(ROUTING.len() * 2 >= 150, "{} assertions", ROUTING.len() * 2);
}

#[test]
fn requests_no_route_takes() {
    support::check_table(
        &routes::ROUTES,
        &[
            // `:action` takes only what its requirement lists.
            ("POST", "/my/page", "405 GET"),
            // The catch-all takes every path for GET, so other methods are told to use GET.
            ("POST", "/my/delete_everything", "405 GET"),
            (
                "GET",
                "/projects/redmine/repository/destroy/x",
                "errors#not_found path=projects/redmine/repository/destroy/x",
            ),
            ("POST", "/projects/redmine/repository/browse/x", "405 GET"),
            ("PUT", "/projects/redmine/wiki/Guide/rename", "405 GET,POST"),
            (
                "GET",
                "/projects/redmine/wiki/Guide/diff/seven/vs",
                "errors#not_found path=projects/redmine/wiki/Guide/diff/seven/vs",
            ),
            ("DELETE", "/time_entries/report", "405 GET"),
            ("PUT", "/admin/trackers/2/edit", "405 GET"),
            ("GET", "/projects/redmine//issues", "404"),
            ("POST", "/nowhere", "405 GET"),
        ],
    );
}

#[test]
fn helpers_build_the_links_a_tracker_writes() {
    let cases = [
        (
            routes::project_issues_path("redmine"),
            "/projects/redmine/issues",
        ),
        (
            routes::issue_time_entry_path(64, 9),
            "/issues/64/time_entries/9",
        ),
        (
            routes::wiki_page_path("redmine", "Guide"),
            "/projects/redmine/wiki/Guide",
        ),
        (
            routes::wiki_diff_path("redmine", "Guide", 7, None::<u32>),
            "/projects/redmine/wiki/Guide/diff/7/vs",
        ),
        (
            routes::wiki_diff_path("redmine", "Guide", 7, Some(4)),
            "/projects/redmine/wiki/Guide/diff/7/vs/4",
        ),
        (
            routes::repository_raw_path("redmine", "app/models/user.rb"),
            "/projects/redmine/repository/raw/app/models/user.rb",
        ),
        (
            routes::download_attachment_path(1, None::<&str>),
            "/attachments/download/1",
        ),
        (
            routes::download_attachment_path(1, Some("report.pdf")),
            "/attachments/download/1/report.pdf",
        ),
        (
            routes::named_attachment_path(1, "a b.pdf"),
            "/attachments/1/a%20b.pdf",
        ),
        (routes::formatted_activity_path("atom"), "/activity.atom"),
        (routes::time_entries_report_path(), "/time_entries/report"),
        (routes::admin_settings_path(), "/admin/settings"),
    ];
    for (built, want) in cases {
        assert_eq!(built, want);
    }
}
