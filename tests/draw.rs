//! `draw!`'s routes as a Rust user meets them: helpers whose optional groups' values are
//! `Option`s, typed routes, redirects and mounts in recognition, `Action` without redirects.

use http::Method;
use resourceful::{Actions, RouteTarget};

mod routes {
    resourceful::draw! {
        root(to = "home#index");
        get("archive/:year(/:month(/:day))", to = "posts#archive", as = "archive",
            constraints(year = "[0-9]{4}"));
        get("pages/*path/edit", to = "pages#edit", as = "edit_page");
        get("stories/:id", to = redirect("/posts/%{id}"));
        mount("/jobs", as = "jobs");
        resources(posts, only(index, show));
        constraints(with = crate::beta) { get("labs", to = "labs#index"); }
        get("labs", to = "pages#labs");
    }
}

/// A request constraint as a function of the request: a beta tester's cookie.
fn beta(parts: &http::request::Parts) -> bool {
    parts
        .headers
        .get(http::header::COOKIE)
        .is_some_and(|c| c.as_bytes() == b"beta=1")
}

#[test]
fn a_group_s_values_are_options_of_the_helpers() {
    assert_eq!(
        routes::archive_path(2024, None::<u32>, None::<u32>),
        "/archive/2024"
    );
    assert_eq!(
        routes::archive_path(2024, Some(5), None::<u32>),
        "/archive/2024/5"
    );
    assert_eq!(
        routes::archive_path(2024, Some(5), Some(3)),
        "/archive/2024/5/3"
    );
    // A group inside one left out is left out with it, as Rails writes it.
    assert_eq!(
        routes::archive_path(2024, None::<u32>, Some(3)),
        "/archive/2024"
    );
    assert_eq!(routes::edit_page_path("a/b c"), "/pages/a/b%20c/edit");
    assert_eq!(routes::jobs_path(), "/jobs");
}

#[test]
fn typed_routes_read_groups_globs_and_formats() {
    let route = routes::recognize(&Method::GET, "/archive/2024/05").unwrap();
    let routes::Route::PostsArchive {
        year,
        month,
        day,
        format,
    } = route
    else {
        panic!("{route:?}");
    };
    assert_eq!(
        (year.as_str(), month.map(|m| m.to_string()), day, format),
        ("2024", Some("05".into()), None, None)
    );
    let route = routes::recognize(&Method::GET, "/pages/a/b.c/edit.json").unwrap();
    let routes::Route::PagesEdit { path, format } = route else {
        panic!("{route:?}");
    };
    assert_eq!(
        (path.as_str(), format.map(|f| f.to_string())),
        ("a/b.c", Some("json".into()))
    );
}

#[test]
fn redirects_answer_without_an_action_and_mounts_take_their_paths() {
    let found = routes::ROUTES
        .recognize(&Method::GET, "/stories/7")
        .unwrap();
    assert_eq!(found.redirect().unwrap().location(), "/posts/7");
    let found = routes::ROUTES
        .recognize(&Method::POST, "/jobs/queue/1")
        .unwrap();
    assert_eq!(found.route().target(), RouteTarget::Mount);
    let actions: Vec<String> = routes::Action::ALL
        .iter()
        .map(|a| format!("{a:?}"))
        .collect();
    assert_eq!(
        actions,
        [
            "HomeIndex",
            "Jobs",
            "LabsIndex",
            "PagesEdit",
            "PagesLabs",
            "PostsArchive",
            "PostsIndex",
            "PostsShow"
        ]
    );
}

#[test]
fn a_function_of_the_request_chooses_between_routes_of_one_path() {
    let labs = |cookie: Option<&str>| {
        let mut request = http::Request::get("/labs");
        if let Some(cookie) = cookie {
            request = request.header(http::header::COOKIE, cookie);
        }
        let (parts, ()) = request.body(()).unwrap().into_parts();
        let found = routes::ROUTES
            .recognize_parts(&Method::GET, &parts)
            .unwrap();
        (
            found.controller().to_owned(),
            found.route().is_request_constrained(),
        )
    };
    assert_eq!(labs(Some("beta=1")), ("labs".to_owned(), true));
    assert_eq!(labs(Some("beta=0")), ("pages".to_owned(), false));
    assert_eq!(labs(None), ("pages".to_owned(), false));
    // The path alone meets no condition on the request.
    let found = routes::ROUTES.recognize(&Method::GET, "/labs").unwrap();
    assert_eq!(found.controller(), "pages");
}
