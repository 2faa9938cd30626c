//! The trie recogniser against the reference (every route in order, first match wins), on
//! random tables and random requests: they must agree on every result, errors and allowed
//! methods included.

use http::Method;
use proptest::prelude::*;
use routes_runtime::__private::{Plan, RouteSpec, route_set};

/// Static segments longer than a word, sharing their first eight bytes or their ends.
const LONG: [&str; 4] = [
    "received_events",
    "received_event",
    "reckless_events",
    "notifications",
];

/// Pieces are drawn from small alphabets so that routes overlap and shadow each other often;
/// `r0`..`r9` give some nodes many static children, which are looked up through a table.
fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec!["a", "b", "new", "edit", "admin", "x.y"]).prop_map(String::from),
        1 => prop::sample::select(LONG.to_vec()).prop_map(String::from),
        2 => (0..10u8).prop_map(|n| format!("r{n}")),
        3 => prop::sample::select(vec![":id", ":slug", ":article_id"]).prop_map(String::from),
        1 => Just(":action".to_owned()),
        1 => Just(":controller".to_owned()),
    ]
}

fn requirement() -> impl Strategy<Value = Option<&'static str>> {
    prop::option::of(prop::sample::select(vec!["[0-9]+", "[a-z.]+", ".+", "a|b"]))
}

fn methods() -> impl Strategy<Value = Vec<Method>> {
    prop::collection::vec(
        prop::sample::select(vec![
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ]),
        0..3,
    )
    .prop_map(|mut methods| {
        methods.dedup();
        methods
    })
}

fn route() -> impl Strategy<Value = RouteSpec> {
    (
        prop::collection::vec(segment(), 0..4),
        prop::sample::select(vec!["", "(.:format)", ".:format"]),
        methods(),
        requirement(),
        prop::sample::select(vec!["a", "b", "admin/a", "admin"]),
        any::<bool>(),
    )
        .prop_map(
            |(segments, format, methods, requirement, controller, default_route)| {
                let mut seen = Vec::new();
                let segments: Vec<String> = segments
                    .into_iter()
                    .filter(|s| {
                        !s.starts_with(':') || {
                            let fresh = !seen.contains(s);
                            seen.push(s.clone());
                            fresh
                        }
                    })
                    .collect();
                let mut pattern = format!("/{}", segments.join("/"));
                if !segments.is_empty() {
                    pattern.push_str(format);
                }
                let requirements = requirement
                    .map(|r| {
                        vec![
                            ("id".to_owned(), r.to_owned()),
                            ("slug".to_owned(), r.to_owned()),
                        ]
                    })
                    .unwrap_or_default();
                RouteSpec {
                    name: None,
                    methods,
                    pattern,
                    controller: controller.to_owned(),
                    action: "index".to_owned(),
                    requirements,
                    default_route,
                }
            },
        )
}

fn path() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "a",
        "b",
        "new",
        "edit",
        "admin",
        "x.y",
        "1",
        "42",
        "a.json",
        "x.y.z",
        "%61",
        "a%2Fb",
        "%2E",
        "",
        "1.2",
        "index",
        "show",
        "%FF",
        "received_events",
        "received_event",
        "reckless_events",
        "received_eventsx",
        "received_",
        "notifications.json",
        "r3",
        "r7",
        "r10",
        "r",
    ]);
    (
        prop::collection::vec(piece, 0..5),
        any::<bool>(),
        prop::option::of(prop::sample::select(vec!["json", "xml"])),
        prop::option::of(prop::sample::select(vec!["?q=1/2.x", "?%FF", "#a/b", "?"])),
    )
        .prop_map(|(pieces, trailing_slash, format, query)| {
            let mut path = format!("/{}", pieces.join("/"));
            if let Some(format) = format {
                path.push('.');
                path.push_str(format);
            }
            if trailing_slash {
                path.push('/');
            }
            path.push_str(query.unwrap_or_default());
            path
        })
}

fn method() -> impl Strategy<Value = Method> {
    prop::sample::select(vec![
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::OPTIONS,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn trie_and_reference_agree(
        routes in prop::collection::vec(route(), 1..16),
        requests in prop::collection::vec((method(), path()), 1..24),
    ) {
        let set = route_set(&routes).expect("generated patterns parse");
        for (method, path) in &requests {
            let fast = set.recognize(method, path);
            let reference = set.__recognize_reference(method, path);
            prop_assert_eq!(&fast, &reference, "{} {} against {:#?}", method, path, routes);
        }
    }

    /// The plan `routes!` renders as code, walked as data: a match it finds is the
    /// reference's, and it misses none that a route it holds should take.
    #[test]
    fn plan_and_reference_agree(
        routes in prop::collection::vec(route(), 1..16),
        requests in prop::collection::vec((method(), path()), 1..24),
    ) {
        let set = route_set(&routes).expect("generated patterns parse");
        let plan = Plan::of(set.routes());
        let covered = plan.covered;
        for (method, path) in &requests {
            let reference = set.__recognize_reference(method, path);
            match plan.recognize(set, method, path) {
                Some(Some(found)) => {
                    prop_assert_eq!(Ok(found), reference, "{} {} against {:#?}", method, path, routes);
                }
                Some(None) => {
                    let first = reference.map(|found| {
                        set.routes().iter().position(|r| std::ptr::eq(r, found.route()))
                    });
                    prop_assert!(
                        !matches!(first, Ok(Some(i)) if i < covered),
                        "{} {}: the plan of {} routes misses route {:?} of {:#?}",
                        method, path, covered, first, routes
                    );
                }
                None => {
                    // Paths here are shallow: only an escape or an empty segment is unreadable.
                    let body = path.split(['?', '#']).next().unwrap_or_default();
                    prop_assert!(
                        body.contains('%') || body.contains("//"),
                        "{} {}: the plan could not read it", method, path
                    );
                }
            }
        }
    }
}

#[test]
fn agreement_on_a_hand_picked_overlap() {
    let spec = |pattern: &str, methods: Vec<Method>, default_route: bool| RouteSpec {
        pattern: pattern.into(),
        methods,
        controller: "a".into(),
        action: "index".into(),
        default_route,
        ..RouteSpec::default()
    };
    let routes = [
        spec("/a/:id(.:format)", vec![Method::GET], false),
        spec("/a/new", vec![Method::POST], false),
        spec("/:controller/:action/:id", vec![], true),
        spec("/admin/a/:id", vec![Method::DELETE], false),
    ];
    let set = route_set(&routes).unwrap();
    for (method, path) in [
        (Method::GET, "/a/new"),
        (Method::POST, "/a/new"),
        (Method::PUT, "/a/new.json"),
        (Method::DELETE, "/admin/a/7"),
        (Method::GET, "/admin/a/7"),
        (Method::GET, "/a.json"),
        // Where the path ends: a trailing `/` after a format, a query, a fragment.
        (Method::GET, "/a/7.json/"),
        (Method::GET, "/a/new/?x=1/2.y"),
        (Method::GET, "/a/7?x.json"),
        (Method::GET, "/a/7.json#top"),
        (Method::GET, "/a/7/"),
        (Method::GET, "/a//"),
        (Method::GET, "//"),
        // Escapes met only past a static prefix, and in the format.
        (Method::GET, "/a/%6Eew"),
        (Method::GET, "/admin/a/7.js%6Fn"),
        (Method::POST, "/a/ne%77"),
    ] {
        assert_eq!(
            set.recognize(&method, path),
            set.__recognize_reference(&method, path),
            "{method} {path}"
        );
    }
}
