//! The recogniser `routes!` writes into the program, held against the plain definition of
//! recognition (every route in order), on the benchmarks' tables and on one built to be
//! awkward, for a sample of the paths made of up to four of the tables' own words (one in 13,
//! at most 2,000 of each length) under seven methods; and
//! the typed `recognize`, read straight from the matcher, held against the untyped answer.

mod support;

use std::fmt::Debug;

use http::Method;
use resourceful::{Recognized, RouteSet, RoutingError, Value};
use routes_runtime::testing::{self, Answer};

mod github {
    include!("../benches/github_routes.rs");
}

mod app {
    include!("../benches/rails_app.rs");
}

mod awkward {
    resourceful::routes! {
        named(robots, "/robots.txt", controller = "files");
        named(feed, "/feed.:format", controller = "feeds", via = get);
        resources(articles, requirements(id = "[a-z.]+"), member(publish: put)) {
            resources(comments);
        }
        named(page, "/:slug", controller = "pages", via = get);
        named(thing, "/x/:id/y", controller = "things");
        resources(photos, except(index), new(upload: post));
        namespace(admin) { resources(users, requirements(id = "[0-9]+")); }
        named(late, "/articles/new/x", controller = "late", via = [get, delete]);
        connect("/legacy/:year/:id", controller = "legacy", action = "show", types(year = u16));
        named(deep, "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/:p/q/:r.:format", controller = "deep",
              via = get, types(r = u8));
        connect("/:controller/:action/:id");
        named(after, "/later/:id", controller = "after");
        named(late_page, "/:slug", controller = "late_pages", via = delete);
        named(late_feed, "/feed.:format", controller = "late_feeds", via = post);
    }
}

/// A Rails 2.3 routes file's shapes: `with_options`, globs, defaults (trailing params, keys the
/// pattern lacks), a final `.:format`, requirements on `:controller` and `:action`, a catch-all.
mod routes_file {
    resourceful::routes! {
        root(controller = "welcome");
        with_options(controller = "repositories", via = get) {
            named(repository, "/projects/:id/repository", action = "show");
            connect("/projects/:id/repository/:action/*path",
                    requirements(action = "browse|entry|diff"));
            named(raw, "/projects/:id/repository/raw/*path", action = "entry",
                  defaults(format = "raw"));
        }
        named(wiki_diff, "/wiki/:id/diff/:version", controller = "wiki", action = "diff",
              defaults(version = None), types(version = u32));
        named(page, "/page/:id", controller = "pages", action = "show", defaults(id = "1"));
        connect("/sys/projects.:format", controller = "sys", action = "projects", via = get);
        connect("/feed.:format", controller = "feeds", action = "show", via = get,
                defaults(format = "rss"));
        connect("/blog/:year/:month/:day", controller = "blog", action = "show_date",
                requirements(year = "(19|20)[0-9][0-9]", month = "[01]?[0-9]", day = "[0-3]?[0-9]"),
                defaults(month = None, day = None));
        connect("/legacy/people", controller = "people", action = "index",
                defaults(legacy = "true"));
        resources(people);
        connect("/:controller/:action/:id", requirements(controller = "people|blog"));
        connect("/files/*path", controller = "files", types(path = String));
        connect("/*path", controller = "errors", action = "not_found");
    }
}

/// Resources alike but for their names, which the matcher looks up in a table of literals
/// rather than deciding on their bytes (routes-codegen's matcher tests read this invocation and
/// check that it is): names of every length the lookup reads apart (under 4 bytes, 4 to 7, 8
/// to 16, and longer ones that differ only in their middle), and groups alike in other ways,
/// one with nested resources alike below differing parents. A table with the default route, whose
/// `:controller` spells the names out again with other codes, has no such lookup (`awkward`).
mod shared {
    resourceful::routes! {
        resources(ads);
        resources(bugs);
        resources(cats);
        resources(emails);
        resources(articles);
        resources(documents);
        resources(photographs);
        resources(organization_aa_memberships);
        resources(organization_bb_memberships);
        resources(organization_aa_memberships_list);
        resources(tags, only(index, show));
        resources(labels, only(index, show));
        resources(stars, only(index, show));
        resources(blogs) { resources(entries, only(index, show)); }
        resources(wikis) { resources(entries, only(index, show)); }
    }
}

/// Alike literals below the first segment: resources in a namespace, whose table of literals
/// is read in the namespace's part of the matcher, and globs alike but for their words
/// (routes-codegen's matcher tests read this invocation and check both tables are written).
mod shared_below {
    resourceful::routes! {
        namespace(admin) {
            resources(ads, only(index, show), member(publish: put));
            resources(bugs, only(index, show), member(publish: put));
            resources(cats, only(index, show), member(publish: put));
            resources(emails, only(index, show), member(publish: put));
            resources(articles, only(index, show), member(publish: put));
            resources(documents, only(index, show), member(publish: put));
            resources(photographs, only(index, show), member(publish: put));
            resources(tags, only(index, show), member(publish: put));
            resources(labels, only(index, show), member(publish: put));
        }
        connect("/docs/alpha/*path", controller = "docs", action = "alpha");
        connect("/docs/beta/*path", controller = "docs", action = "beta");
        connect("/docs/gamma/*path", controller = "docs", action = "gamma");
        connect("/docs/delta/*path", controller = "docs", action = "delta");
        connect("/docs/epsilon/*path", controller = "docs", action = "epsilon");
        connect("/docs/zeta/*path", controller = "docs", action = "zeta");
        connect("/docs/eta/*path", controller = "docs", action = "eta");
        connect("/docs/theta/*path", controller = "docs", action = "theta");
        connect("/docs/iota/*path", controller = "docs", action = "iota");
    }
}

/// More alike resources than a table of one bucket takes (32): their literals are looked up
/// in a table with buckets and displacements (routes-codegen's matcher tests read this invocation
/// and check that it is).
mod many_alike {
    resourceful::routes! {
        resources(albums, only(index, show));
        resources(badges, only(index, show));
        resources(boards, only(index, show));
        resources(bricks, only(index, show));
        resources(cables, only(index, show));
        resources(cameras, only(index, show));
        resources(chairs, only(index, show));
        resources(charts, only(index, show));
        resources(clocks, only(index, show));
        resources(coins, only(index, show));
        resources(comets, only(index, show));
        resources(crates, only(index, show));
        resources(decks, only(index, show));
        resources(desks, only(index, show));
        resources(doors, only(index, show));
        resources(drums, only(index, show));
        resources(eagles, only(index, show));
        resources(fables, only(index, show));
        resources(farms, only(index, show));
        resources(ferns, only(index, show));
        resources(flags, only(index, show));
        resources(forks, only(index, show));
        resources(gates, only(index, show));
        resources(gems, only(index, show));
        resources(globes, only(index, show));
        resources(harps, only(index, show));
        resources(hills, only(index, show));
        resources(horns, only(index, show));
        resources(icons, only(index, show));
        resources(inks, only(index, show));
        resources(jars, only(index, show));
        resources(jewels, only(index, show));
        resources(kites, only(index, show));
        resources(knots, only(index, show));
        resources(lamps, only(index, show));
        resources(leaves, only(index, show));
        resources(maps, only(index, show));
        resources(masks, only(index, show));
        resources(nests, only(index, show));
        resources(notes, only(index, show));
    }
}

/// Words of the tables, values, and pieces that make paths awkward.
fn words(set: &RouteSet) -> Vec<String> {
    let mut words: Vec<String> = set
        .routes()
        .iter()
        .flat_map(|r| r.pattern().split(['/', '(', ')']))
        .filter(|w| !w.is_empty() && !w.starts_with(':') && !w.starts_with('.'))
        .map(str::to_owned)
        .collect();
    words.sort();
    words.dedup();
    for extra in [
        "1",
        "42",
        "a.b",
        "x.json",
        "1.xml",
        "new.json",
        "robots",
        "txt",
        "feed.json",
        "",
        "%41",
        "abc",
        // The words of a long literal of `shared` around a middle that differs.
        "organization_zz_memberships",
        "organization_aa_membershipz",
    ] {
        words.push(extra.to_owned());
    }
    words
}

/// A path for each route, its dynamic segments filled with `12`.
fn samples(set: &RouteSet) -> Vec<String> {
    set.routes()
        .iter()
        .map(|r| {
            let pattern = r
                .pattern()
                .replace("(.:format)", "")
                .replace(['(', ')'], "");
            let filled: Vec<&str> = pattern
                .split('/')
                .map(|s| if s.starts_with(':') { "12" } else { s })
                .collect();
            filled.join("/")
        })
        .collect()
}

/// Paths of up to four words, from a deterministic walk through the combinations (all pairs, with and without a trailing `/`, a format
/// and a query.
fn paths(set: &RouteSet) -> Vec<String> {
    let words = words(set);
    let mut paths = vec!["/".to_owned(), String::new(), "/?q=1".to_owned()];
    for sample in samples(set) {
        paths.push(format!("{sample}.xml"));
        paths.push(format!("{sample}/"));
        paths.push(sample);
    }
    let mut current: Vec<String> = vec![String::new()];
    for depth in 1..=4 {
        let mut next = Vec::new();
        for (i, prefix) in current.iter().enumerate() {
            for (j, word) in words.iter().enumerate() {
                if depth > 1 && (i * 31 + j) % 13 != 0 {
                    continue;
                }
                next.push(format!("{prefix}/{word}"));
            }
        }
        next.truncate(2_000);
        for (k, path) in next.iter().enumerate() {
            paths.push(path.clone());
            match k % 4 {
                0 => paths.push(format!("{path}/")),
                1 => paths.push(format!("{path}.json")),
                2 => paths.push(format!("{path}?a=/b.c")),
                _ => {}
            }
        }
        current = next;
    }
    paths
}

const METHODS: [Method; 7] = [
    Method::GET,
    Method::HEAD,
    Method::POST,
    Method::PUT,
    Method::PATCH,
    Method::DELETE,
    Method::OPTIONS,
];

/// What a table's typed `recognize` answered for one request, against the untyped answer.
type Typed<'a> = &'a dyn Fn(&Method, &str, &Result<Recognized<'_, '_>, RoutingError>);

/// Every path and method: `recognize` answers as the definition does, and the typed
/// `recognize` as `typed` checks.
fn agree(set: &RouteSet, typed: Typed<'_>) -> usize {
    let mut answered = 0;
    for path in paths(set) {
        for method in &METHODS {
            let found = set.recognize(method, &path);
            let given = found.as_ref().map(Answer::of).map_err(Clone::clone);
            assert_eq!(
                given,
                testing::recognize(set, method, &path),
                "{method} {path:?}"
            );
            typed(method, &path, &found);
            if let Ok(found) = &found {
                params_fold_as_they_iterate(found);
            }
            answered += usize::from(found.is_ok());
        }
    }
    answered
}

/// `ParamIter::fold` (which `sum` and `for_each` go through) gives what `next` gives, from
/// the start and after each param taken, and the iterator's length counts what is left.
fn params_fold_as_they_iterate(found: &Recognized<'_, '_>) {
    let all: Vec<_> = found.params().collect();
    for taken in 0..=all.len() {
        let mut params = found.params();
        let head: Vec<_> = params.by_ref().take(taken).collect();
        assert_eq!(params.len(), all.len() - taken, "{found:?}, after {taken}");
        let folded = params.fold(head, |mut so_far, param| {
            so_far.push(param);
            so_far
        });
        assert_eq!(folded, all, "{found:?}, folded after {taken}");
    }
}

/// The check of module `$table`'s typed `recognize` against its untyped answers (see
/// `typed_agrees`).
macro_rules! typed_of {
    ($table:ident) => {
        &|method, path, found| {
            typed_agrees(
                &$table::ROUTES,
                (method, path),
                found,
                (
                    $table::recognize(method, path),
                    found.as_ref().ok().and_then($table::Route::of),
                ),
                ($table::Route::index, $table::Route::path),
            )
        }
    };
}

/// How a typed route is read: its place in its set, and the path its fields write.
type Read<R> = (fn(&R) -> usize, fn(&R) -> String);

/// The typed answer `typed` agrees with the untyped `found`: the same error, or the same
/// route (its place in `set`, and `of`, the variant read from `found`), whose fields write a
/// path that `set` takes back to the same params.
fn typed_agrees<R: PartialEq + Debug>(
    set: &RouteSet,
    (method, path): (&Method, &str),
    found: &Result<Recognized<'_, '_>, RoutingError>,
    (typed, of): (Result<R, RoutingError>, Option<R>),
    (index, link): Read<R>,
) {
    let (typed, found) = match (typed, found) {
        (Err(typed), Err(found)) => return assert_eq!(&typed, found, "{method} {path:?}"),
        (Ok(typed), Ok(found)) => (typed, found),
        (typed, found) => panic!("{method} {path:?}: typed {typed:?}, untyped {found:?}"),
    };
    let place = set
        .routes()
        .iter()
        .position(|route| std::ptr::eq(route, found.route()));
    assert_eq!(Some(index(&typed)), place, "{method} {path:?}: {typed:?}");
    assert_eq!(of.as_ref(), Some(&typed), "{method} {path:?}: Route::of");
    let written = link(&typed);
    let again = set
        .recognize(method, &written)
        .unwrap_or_else(|e| panic!("{method} {path:?}: {typed:?} wrote {written:?}: {e}"));
    assert_eq!(
        again.params().collect::<Vec<_>>(),
        found.params().collect::<Vec<_>>(),
        "{method} {path:?}: {typed:?} wrote {written:?}"
    );
}

#[test]
fn the_github_table_agrees_with_the_definition() {
    let typed: Typed<'_> = typed_of!(github);
    assert!(agree(&github::ROUTES, typed) > 1000);
}

#[test]
fn the_rails_app_agrees_with_the_definition() {
    let typed: Typed<'_> = typed_of!(app);
    assert!(agree(&app::ROUTES, typed) > 1000);
}

#[test]
fn an_awkward_table_agrees_with_the_definition() {
    let typed: Typed<'_> = typed_of!(awkward);
    assert!(agree(&awkward::ROUTES, typed) > 100);
}

#[test]
fn resources_alike_but_for_their_names_agree_with_the_definition() {
    let typed: Typed<'_> = typed_of!(shared);
    assert!(agree(&shared::ROUTES, typed) > 1000);
}

#[test]
fn many_alike_resources_agree_with_the_definition() {
    let typed: Typed<'_> = typed_of!(many_alike);
    let answered = agree(&many_alike::ROUTES, typed);
    assert!(answered > 1000, "{answered}");
}

#[test]
fn alike_literals_below_the_first_segment_agree_with_the_definition() {
    let typed: Typed<'_> = typed_of!(shared_below);
    let answered = agree(&shared_below::ROUTES, typed);
    assert!(answered > 400, "{answered}");
}

#[test]
fn a_rails_routes_file_agrees_with_the_definition() {
    let typed: Typed<'_> = typed_of!(routes_file);
    assert!(agree(&routes_file::ROUTES, typed) > 1000);
}

#[test]
fn a_typed_format_is_the_paths_or_else_the_routes_default() {
    let feed = |path| match routes_file::recognize(&Method::GET, path) {
        Ok(routes_file::Route::FeedsShow { format }) => format,
        other => panic!("{path}: {other:?}"),
    };
    assert_eq!(feed("/feed").as_deref(), Some("rss"));
    assert_eq!(feed("/feed.atom").as_deref(), Some("atom"));
    match routes_file::recognize(&Method::GET, "/people/7") {
        Ok(routes_file::Route::PeopleShow { id, format }) => {
            assert_eq!((id.as_str(), format), ("7", None));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn typed_routes_read_optional_params_typed_params_and_values_past_sixteen_segments() {
    let deep = "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o";
    let requests = [
        "/legacy/2024".to_owned(),
        "/legacy/2024/7".to_owned(),
        "/legacy/2024/7.xml".to_owned(),
        "/legacy/2024.json".to_owned(),
        "/legacy/99999/7".to_owned(),
        "/legacy/20%324/a%2Fb.json".to_owned(),
        format!("{deep}/pp/q/7.json"),
        format!("{deep}/p%2Eq/q/255.csv"),
        format!("{deep}/pp/q/256.json"),
        format!("{deep}/pp/q/7"),
    ];
    let set = &awkward::ROUTES;
    for path in &requests {
        for method in [Method::GET, Method::POST] {
            let found = set.recognize(&method, path);
            let given = found.as_ref().map(Answer::of).map_err(Clone::clone);
            assert_eq!(
                given,
                testing::recognize(set, &method, path),
                "{method} {path}"
            );
            typed_agrees(
                set,
                (&method, path),
                &found,
                (
                    awkward::recognize(&method, path),
                    found.as_ref().ok().and_then(awkward::Route::of),
                ),
                (awkward::Route::index, awkward::Route::path),
            );
        }
    }
    use awkward::Route;
    fn year(path: &str) -> Option<(u16, Option<Value<'_>>, Option<Value<'_>>)> {
        match awkward::recognize(&Method::GET, path) {
            Ok(awkward::Route::LegacyShow { year, id, format }) => Some((year, id, format)),
            _ => None,
        }
    }
    assert_eq!(year("/legacy/2024"), Some((2024, None, None)));
    assert_eq!(
        year("/legacy/2024/a%2Fb.json"),
        Some((2024, Some("a/b".into()), Some("json".into())))
    );
    assert_eq!(
        year("/legacy/99999/7"),
        None,
        "not a u16: the default route's"
    );
    match awkward::recognize(&Method::GET, &format!("{deep}/p%2Eq/q/255.csv")) {
        Ok(Route::DeepIndex { p, r, format }) => {
            assert_eq!(
                (p.as_str(), r, format.as_deref()),
                ("p.q", 255, Some("csv"))
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn first_match_across_formats_requirements_methods_and_the_default_route() {
    let set = &awkward::ROUTES;
    let cases = [
        ("GET", "/robots.txt", "files#index"),
        ("GET", "/feed.rss", "feeds#index format=rss"),
        ("GET", "/feed", "feeds#index"),
        ("GET", "/articles/new.json", "articles#new format=json"),
        ("GET", "/articles/a.b.json", "articles#show id=a.b.json"),
        ("GET", "/articles/new/x", "late#index"),
        ("DELETE", "/articles/new/x", "late#index"),
        ("GET", "/anything", "pages#index slug=anything"),
        ("POST", "/x/1/y", "things#index id=1"),
        ("GET", "/admin/users/12", "admin/users#show id=12"),
        ("GET", "/admin/users/x", "admin/users#x"),
        ("GET", "/after/1", "after#1"),
        ("GET", "/articles/%61", "articles#show id=a"),
        ("DELETE", "/anything", "late_pages#index slug=anything"),
        ("PUT", "/anything", "405 GET,DELETE"),
        ("POST", "/feed.rss", "late_feeds#index format=rss"),
        ("PUT", "/feed.rss", "405 GET,POST,DELETE"),
        ("PATCH", "/feed.rss", "405 GET,POST,DELETE"),
        ("DELETE", "/feed", "late_pages#index slug=feed"),
        ("PUT", "/articles/new/x", "articles#new id=x"),
        ("GET", "/x/1/z", "404"),
        ("POST", "/articles/ab/comments/1/edit", "405 GET"),
        ("GET", "/articles/ab/comments/1/edit/x", "404"),
    ];
    support::check_table(set, &cases);
    for (verb, path, _) in cases {
        assert_eq!(
            support::answer(set, verb, path),
            support::reference(set, verb, path),
            "{verb} {path}"
        );
    }
}
