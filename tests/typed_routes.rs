//! Typed routes: `Action`, one variant per `controller#action` the table reaches; `Route`, one
//! variant per route with its params as fields; `recognize`, which answers with a `Route`.

use http::Method;
use resourceful::form::{Target, button_for};
use resourceful::{Actions, RoutingError, Value};

mod blog {
    resourceful::routes! {
        default_url_options(host = "blog.example");
        resources(articles, member(publish: put), types(id = u64)) {
            resources(comments, only(index, create, destroy));
        }
        resource(session, only(new, create, destroy));
        named(login, "/login", controller = "sessions", action = "new", via = get);
        namespace(admin) { resources(users, only(index, show)); }
        named(search, "/search/:query.:format", controller = "search", via = get);
        root(controller = "home");
    }
}

mod legacy {
    resourceful::routes! {
        resources(articles, only(index, show));
        connect("/:controller/:action/:id");
    }
}

mod pairs {
    resourceful::routes! {
        named(pair, "/pair/:x/:y", controller = "pairs", action = "show",
              defaults(x = None, y = None), types(y = u32));
        named(rest, "/rest/:x/*rest", controller = "rests", action = "show",
              defaults(x = None));
    }
}

use blog::{Action, Route};

#[test]
fn actions_are_every_controller_action_the_table_reaches() {
    let all: Vec<String> = Action::ALL.iter().map(Action::to_string).collect();
    assert_eq!(
        all,
        [
            "admin/users#index",
            "admin/users#show",
            "articles#create",
            "articles#destroy",
            "articles#edit",
            "articles#index",
            "articles#new",
            "articles#publish",
            "articles#show",
            "articles#update",
            "comments#create",
            "comments#destroy",
            "comments#index",
            "home#index",
            "search#index",
            "sessions#create",
            "sessions#destroy",
            "sessions#new",
        ]
    );
    assert_eq!(Action::AdminUsersShow.controller(), "admin/users");
    assert_eq!(Action::AdminUsersShow.action(), "show");
    assert_eq!(Action::ALL[7], Action::ArticlesPublish);
    let found = blog::ROUTES
        .recognize(&Method::PUT, "/articles/7/publish")
        .unwrap();
    assert_eq!(Action::of(&found), Some(Action::ArticlesPublish));
}

#[test]
fn recognition_answers_with_the_route_and_its_typed_params() {
    let cases: [(Method, &str, Route<'_>); 8] = [
        (
            Method::GET,
            "/articles",
            Route::ArticlesIndex { format: None },
        ),
        (
            Method::GET,
            "/articles/7.json",
            Route::ArticlesShow {
                id: 7,
                format: Some(Value::from("json")),
            },
        ),
        (
            Method::DELETE,
            "/articles/7/comments/a%20b",
            Route::CommentsDestroy {
                article_id: Value::from("7"),
                id: Value::from("a b"),
                format: None,
            },
        ),
        (
            Method::GET,
            "/login",
            Route::SessionsNewLogin { format: None },
        ),
        (
            Method::GET,
            "/session/new",
            Route::SessionsNew { format: None },
        ),
        (
            Method::GET,
            "/admin/users/ann",
            Route::AdminUsersShow {
                id: Value::from("ann"),
                format: None,
            },
        ),
        (
            Method::GET,
            "/search/rust.xml",
            Route::SearchIndex {
                query: Value::from("rust"),
                format: Some(Value::from("xml")),
            },
        ),
        (Method::GET, "/", Route::HomeIndex),
    ];
    for (method, path, want) in cases {
        let route = blog::recognize(&method, path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(route, want, "{method} {path}");
        assert_eq!(route.method(), method, "{path}");
        assert_eq!(route.path(), path, "{path}");
        assert_eq!(
            blog::ROUTES.routes()[route.index()].pattern(),
            route.route().pattern()
        );
    }
    // A value its type refuses goes on to the next route, as a requirement's does: none here.
    assert!(matches!(
        blog::recognize(&Method::GET, "/articles/seven"),
        Err(RoutingError::NotFound { .. })
    ));
    assert!(matches!(
        blog::recognize(&Method::POST, "/articles/7"),
        Err(RoutingError::MethodNotAllowed { .. })
    ));
}

#[test]
fn a_route_builds_its_own_link_and_form() {
    let destroy = Route::ArticlesDestroy {
        id: 7,
        format: None,
    };
    assert_eq!(destroy.path(), "/articles/7");
    assert_eq!(destroy.url(), "http://blog.example/articles/7");
    assert_eq!(destroy.method(), Method::DELETE);
    assert_eq!(destroy.action(), Some(Action::ArticlesDestroy));
    assert_eq!(
        button_for("Delete", &destroy).to_string(),
        concat!(
            r#"<form action="/articles/7" method="post" class="button-to">"#,
            r#"<input type="hidden" name="_method" value="delete">"#,
            r#"<button type="submit">Delete</button></form>"#,
        )
    );
    let comment = Route::CommentsIndex {
        article_id: Value::of(7),
        format: Some(Value::from("json")),
    };
    assert_eq!(Target::path(&comment), "/articles/7/comments.json");
    assert_eq!(
        Route::CommentsDestroy {
            article_id: Value::of(1),
            id: Value::from("a/b"),
            format: None
        }
        .path(),
        "/articles/1/comments/a%2Fb"
    );
}

#[test]
#[should_panic(expected = "`Route::CommentsIndex` cannot build a link with `article_id` = \"\"")]
fn a_route_refuses_a_link_that_would_not_route() {
    let _ = Route::CommentsIndex {
        article_id: Value::from(""),
        format: None,
    }
    .path();
}

#[test]
fn a_default_route_holds_the_controller_and_action_its_path_names() {
    let route = legacy::recognize(&Method::GET, "/articles/show/5.xml").unwrap();
    assert_eq!(
        route,
        legacy::Route::ControllerActionId {
            controller: "articles",
            action: Value::from("show"),
            id: Some(Value::from("5")),
            format: Some(Value::from("xml")),
        }
    );
    assert_eq!(route.action(), Some(legacy::Action::ArticlesShow));
    assert_eq!(route.path(), "/articles/show/5.xml");
    let index = legacy::recognize(&Method::POST, "/articles").unwrap();
    assert_eq!(index.action(), Some(legacy::Action::ArticlesIndex));
    // The action left at its default is left out, as Rails generates it: the link takes the
    // request back to this route.
    assert_eq!(index.path(), "/articles");
    // An action no route declares: Rails' unknown action, a 404 where the application asks.
    let unknown = legacy::recognize(&Method::GET, "/articles/archive/1").unwrap();
    assert_eq!(unknown.action(), None);
    let found = legacy::ROUTES
        .recognize(&Method::GET, "/articles/archive/1")
        .unwrap();
    assert_eq!(legacy::Action::of(&found), None);
}

#[test]
fn an_answer_of_another_table_is_no_route_of_this_one() {
    let found = legacy::ROUTES.recognize(&Method::GET, "/articles").unwrap();
    assert_eq!(Route::of(&found), None);
    let found = blog::ROUTES.recognize(&Method::GET, "/articles").unwrap();
    assert_eq!(
        Route::of(&found),
        Some(Route::ArticlesIndex { format: None })
    );
}

#[test]
fn a_route_shows_itself_as_derive_would_with_its_values_as_text() {
    let route = blog::recognize(&Method::DELETE, "/articles/7/comments/a%20b").unwrap();
    assert_eq!(
        format!("{route:?}"),
        r#"CommentsDestroy { article_id: "7", id: "a b", format: None }"#
    );
    assert_eq!(format!("{:?}", Route::HomeIndex), "HomeIndex");
    assert_eq!(
        format!(
            "{:?}",
            Route::ArticlesShow {
                id: 7,
                format: Some(Value::from("xml"))
            }
        ),
        r#"ArticlesShow { id: "7", format: Some("xml") }"#
    );
    assert_eq!(
        format!(
            "{:?}",
            Route::SearchIndex {
                query: Value::from("q"),
                format: Some(Value::from("xml"))
            }
        ),
        r#"SearchIndex { query: "q", format: Some("xml") }"#
    );
    assert_ne!(
        Route::ArticlesShow {
            id: 7,
            format: None
        },
        Route::ArticlesShow {
            id: 8,
            format: None
        }
    );
    assert_ne!(
        Route::ArticlesShow {
            id: 7,
            format: None
        },
        Route::ArticlesEdit {
            id: 7,
            format: None
        }
    );
}

#[test]
fn optional_params_are_shown_and_linked_in_their_places() {
    use pairs::Route as Pair;
    let found = pairs::recognize(&Method::GET, "/pair/a").unwrap();
    let expected = Pair::PairsShow {
        x: Some(Value::from("a")),
        y: None,
        format: None,
    };
    assert_eq!(found, expected);
    assert_eq!(
        format!("{found:?}"),
        r#"PairsShow { x: Some("a"), y: None, format: None }"#
    );
    assert_eq!(found.path(), "/pair/a");
    let both = pairs::recognize(&Method::GET, "/pair/a/2").unwrap();
    assert_eq!(
        format!("{both:?}"),
        r#"PairsShow { x: Some("a"), y: Some("2"), format: None }"#
    );
    assert_eq!(both.path(), "/pair/a/2");
    let neither = Pair::PairsShow {
        x: None,
        y: None,
        format: None,
    };
    assert_eq!(neither.path(), "/pair");
    assert_ne!(neither, found);
    // `y` without `x` has no path: written in `x`'s place it would route back as `x`. The
    // link refuses it as the helper does, naming the variant.
    let gap = Pair::PairsShow {
        x: None,
        y: Some(2),
        format: None,
    };
    assert_eq!(
        format!("{gap:?}"),
        r#"PairsShow { x: None, y: Some("2"), format: None }"#
    );
    let refused = std::panic::catch_unwind(|| gap.path()).unwrap_err();
    let message = refused.downcast_ref::<String>().map(String::as_str);
    assert_eq!(
        message,
        Some(
            "`Route::PairsShow` cannot build a link without `x` when `y` is given: only the \
             last values of a path can be left out"
        )
    );
    let helper = std::panic::catch_unwind(|| pairs::pair_path(None::<&str>, Some(2)));
    assert!(helper.is_err(), "the helper refuses it too");
    // An optional param before a glob, which is no `Option`: each value in its place.
    for (path, shown) in [
        ("/rest/a/b/c", r#"RestsShow { x: Some("a"), rest: "b/c" }"#),
        ("/rest/a", r#"RestsShow { x: Some("a"), rest: "" }"#),
        ("/rest", r#"RestsShow { x: None, rest: "" }"#),
    ] {
        let route = pairs::recognize(&Method::GET, path).unwrap();
        assert_eq!(format!("{route:?}"), shown, "{path}");
        assert_eq!(route.path(), path);
    }
}
