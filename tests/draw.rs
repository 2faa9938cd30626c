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

mod redirects_listed {
    resourceful::draw! {
        get("stories/:id", to = redirect("/posts/%{id}", status = 302));
        get("mobile", to = redirect(subdomain = "m", path = "/%{path}"));
    }
}

#[test]
fn the_listing_shows_a_redirect_as_rails_routes_does() {
    let listing = redirects_listed::ROUTES.listing().to_string();
    let rows: Vec<&str> = listing.lines().skip(1).map(str::trim_end).collect();
    assert_eq!(
        rows,
        [
            "       GET  /stories/:id(.:format) redirect(302, /posts/%{id})",
            "mobile GET  /mobile(.:format)      redirect(301, subdomain: m, path: /%{path})",
        ]
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

mod typed {
    resourceful::draw! {
        scope(types(year = u16)) {
            get("archive/:year(/:month(/:day))", to = "posts#archive", as = "archive",
                types(month = u8, day = u8));
        }
        get("archive/*rest", to = "posts#lost");
        resources(posts, only(show), types(id = u64)) {
            resources(comments, only(index, show));
        }
        get("tags/*names", to = "tags#show", as = "tags", types(names = crate::Tags));
    }
}

/// Tags written as a path: `rust/web`.
#[derive(Debug, PartialEq)]
struct Tags(Vec<String>);

impl std::str::FromStr for Tags {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Tags(s.split('/').map(str::to_owned).collect()))
    }
}

impl std::fmt::Display for Tags {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0.join("/"))
    }
}

#[test]
fn types_reach_optional_params_globs_and_nested_resources() {
    // The helpers take the types: a group's as `Option`s.
    assert_eq!(typed::archive_path(2024, Some(5), None), "/archive/2024/5");
    assert_eq!(typed::post_comment_path(7, 9), "/posts/7/comments/9");
    let tags = || Tags(vec!["rust".into(), "web".into()]);
    assert_eq!(typed::tags_path(tags()), "/tags/rust/web");
    // Recognition parses them; a value that does not parse falls through to the next route.
    let route = typed::recognize(&Method::GET, "/archive/2024/12").unwrap();
    let typed::Route::PostsArchive {
        year, month, day, ..
    } = route
    else {
        panic!("{route:?}");
    };
    assert_eq!((year, month, day), (2024u16, Some(12u8), None));
    let route = typed::recognize(&Method::GET, "/archive/2024/13000").unwrap();
    assert!(matches!(route, typed::Route::PostsLost { .. }), "{route:?}");
    // The resource's `id` types its nested resources' `post_id`, and their own `id`, as its
    // constraints would constrain them.
    let route = typed::recognize(&Method::GET, "/posts/7/comments/9").unwrap();
    let typed::Route::CommentsShow { post_id, id, .. } = route else {
        panic!("{route:?}");
    };
    assert_eq!((post_id, id), (7u64, 9u64));
    assert!(typed::recognize(&Method::GET, "/posts/x/comments").is_err());
    let route = typed::recognize(&Method::GET, "/tags/rust/web").unwrap();
    let typed::Route::TagsShow { names, .. } = route else {
        panic!("{route:?}");
    };
    assert_eq!(names, tags());
}

#[test]
fn url_for_takes_the_route_whose_path_takes_most_keys_and_writes_the_query_as_a_form() {
    use resourceful::UrlFor;
    let options = UrlFor::new()
        .param("controller", "posts")
        .param("action", "archive")
        .param("year", "2024")
        .param("month", "5")
        .param("q", "a b");
    assert_eq!(
        routes::ROUTES.url_for(&options).unwrap(),
        "/archive/2024/5?q=a+b"
    );
}

#[test]
fn url_for_reads_a_controller_written_from_the_root_as_rails_does() {
    use resourceful::UrlFor;
    // `controller: "/posts"`, as a view in a namespaced controller writes it.
    let options = UrlFor::new()
        .param("controller", "/posts")
        .param("action", "show")
        .param("id", "7");
    assert_eq!(routes::ROUTES.url_for(&options).unwrap(), "/posts/7");
}

#[test]
fn a_wrong_verb_is_a_405_with_allow_where_rails_answers_404() {
    let refused = routes::ROUTES
        .recognize(&Method::DELETE, "/posts/1")
        .unwrap_err();
    assert_eq!(refused.status().as_u16(), 405);
    assert_eq!(refused.allowed_methods(), [Method::GET]);
}

mod optional_glob {
    resourceful::draw! {
        get("/media_proxy/:id/(*any)", to = "media#show", as = "media_proxy");
        get("files(/*path)", to = "files#index");
    }
}

#[test]
fn an_optional_glob_left_out_gives_no_param_as_in_rails() {
    let found = optional_glob::ROUTES
        .recognize(&Method::GET, "/media_proxy/7/")
        .unwrap();
    assert_eq!((found.param("id"), found.param("any")), (Some("7"), None));
    let found = optional_glob::ROUTES
        .recognize(&Method::GET, "/media_proxy/7/a/b.png")
        .unwrap();
    // A glob takes as little as it can: the format is Rails' too.
    assert_eq!(
        (found.param("any"), found.param("format")),
        (Some("a/b"), Some("png"))
    );
    let found = optional_glob::ROUTES
        .recognize(&Method::GET, "/files")
        .unwrap();
    assert_eq!(found.param("path"), None);
}

#[test]
fn an_optional_glob_is_an_option_of_its_typed_route() {
    let route = optional_glob::recognize(&Method::GET, "/media_proxy/7/").unwrap();
    let optional_glob::Route::MediaShow { id, any, .. } = route else {
        panic!("{route:?}");
    };
    assert_eq!((id.as_str(), any.map(|a| a.to_string())), ("7", None));
    assert_eq!(
        optional_glob::media_proxy_path(7, Some("a/b")),
        "/media_proxy/7/a/b"
    );
    assert_eq!(
        optional_glob::media_proxy_path(7, None::<&str>),
        "/media_proxy/7"
    );
}

mod preflight {
    resourceful::draw! {
        match("preflight", to = "cors#preflight", via = [options]);
        match("anything", to = "any#go", via = all);
    }
}

#[test]
fn a_route_by_options_alone_allows_options_alone() {
    use resourceful::MethodSet;
    assert_eq!(
        preflight::ROUTES.allowed_methods("/preflight"),
        MethodSet::OPTIONS
    );
    assert_eq!(preflight::ROUTES.allowed_methods("/anything").len(), 9);
}

#[test]
fn recognize_with_reads_the_request_constraints() {
    use resourceful::MethodOverride;
    mod hosts {
        resourceful::draw! {
            constraints(subdomain = "api") { get("status", to = "api#status"); }
            get("status", to = "pages#status");
        }
    }
    let headers = http::HeaderMap::new();
    for (uri, controller) in [
        ("http://api.example.com/status", "api"),
        ("http://www.example.com/status", "pages"),
    ] {
        let uri: http::Uri = uri.parse().unwrap();
        let found = hosts::ROUTES
            .recognize_with(&Method::GET, &uri, &headers, MethodOverride::default())
            .unwrap();
        assert_eq!(found.controller(), controller, "{uri}");
    }
}

#[test]
fn a_redirect_param_never_changes_the_host_where_rails_lets_it() {
    // Rails sends `redirect("/posts/%{id}")` for an id of `/evil.com` to `http://evil.com`.
    for id in ["%2Fevil.com", "%2F%2Fevil.com", "%2F%2F%2Fevil.com"] {
        let (parts, ()) = http::Request::get(format!("http://example.com/stories/{id}"))
            .body(())
            .unwrap()
            .into_parts();
        let found = routes::ROUTES
            .recognize_parts(&Method::GET, &parts)
            .unwrap();
        let redirect = found.redirect_from(&parts.uri, &parts.headers).unwrap();
        assert!(
            redirect.location().starts_with("http://example.com/"),
            "{id}: {}",
            redirect.location()
        );
    }
}

#[test]
fn a_host_header_that_is_no_authority_shapes_no_location() {
    let (parts, ()) = http::Request::get("/stories/7")
        .body(())
        .unwrap()
        .into_parts();
    let found = routes::ROUTES
        .recognize_parts(&Method::GET, &parts)
        .unwrap();
    let location = |host: &str, proto: Option<&str>| {
        let mut headers = http::HeaderMap::new();
        headers.insert(http::header::HOST, host.parse().unwrap());
        if let Some(proto) = proto {
            headers.insert("x-forwarded-proto", proto.parse().unwrap());
        }
        let redirect = found.redirect_from(&parts.uri, &headers).unwrap();
        redirect.location().to_owned()
    };
    assert_eq!(location("evil.com/x?", None), "/posts/7");
    // A proxy's scheme, the first it lists, as Rack reads it.
    assert_eq!(
        location("example.com:8080", Some("https, http")),
        "https://example.com:8080/posts/7"
    );
}

mod dotted {
    resourceful::draw! {
        get("tags/:tag", to = "tags#show", constraints(tag = "[^/]+?"));
        get("domains/:id", to = "domains#show", constraints(id = "[^/]+"));
        get("versions/:v", to = "versions#show", constraints(v = "\\d+|\\d+\\.\\d+"));
        get("empty/:id", to = "empty#show", constraints(id = "[a-z]*"));
    }
}

#[test]
fn a_value_that_may_hold_a_dot_or_be_empty_is_read_as_journeys_regex_reads_it() {
    let read = |path: &str| {
        let found = dotted::ROUTES.recognize(&Method::GET, path).unwrap();
        let value = ["tag", "id", "v"].iter().find_map(|k| found.param(k));
        (
            value.map(str::to_owned),
            found.param("format").map(str::to_owned),
        )
    };
    let owned =
        |value: &str, format: Option<&str>| (Some(value.to_owned()), format.map(str::to_owned));
    // Lazy: the last dot begins the format.
    assert_eq!(read("/tags/a.b.json"), owned("a.b", Some("json")));
    assert_eq!(read("/tags/rust"), owned("rust", None));
    // Greedy: every dot stays in the value.
    assert_eq!(
        read("/domains/example.com.json"),
        owned("example.com.json", None)
    );
    // An alternation tries its first branch first: `1`, then `.2` as the format.
    assert_eq!(read("/versions/1.2"), owned("1", Some("2")));
    assert_eq!(read("/versions/1.2.json"), owned("1.2", Some("json")));
    // A requirement that takes the empty string takes it before a format too.
    assert_eq!(read("/empty/.json"), owned("", Some("json")));
}

mod many_literals {
    // More than eight literals at the root, two of whose routes are read by a regex alike:
    // those share one lookup, whose codes' base the regex's start must not hide.
    resourceful::draw! {
        get("wiki/*page", to = redirect("/kb/%{page}"));
        get("kb/*page", to = "kb#show");
        get("a", to = "pages#a");
        get("b", to = "pages#b");
        get("c", to = "pages#c");
        get("d", to = "pages#d");
        get("e", to = "pages#e");
        get("f", to = "pages#f");
        get("g", to = "pages#g");
    }
}

#[test]
fn routes_read_by_a_regex_under_a_shared_lookup_compile_and_answer() {
    let found = many_literals::ROUTES
        .recognize(&Method::GET, "/kb/a/b")
        .unwrap();
    assert_eq!(
        (found.controller(), found.param("page")),
        ("kb", Some("a/b"))
    );
    let found = many_literals::ROUTES
        .recognize(&Method::GET, "/wiki/a/b")
        .unwrap();
    assert!(found.redirect().is_some());
    let found = many_literals::ROUTES.recognize(&Method::GET, "/g").unwrap();
    assert_eq!(found.action(), "g");
}
