//! Allocation counts, with a counting global allocator: recognising a path without escapes
//! allocates nothing (whatever its length and number of params, into a `Recognized` or a typed
//! `Route`), refusing one allocates nothing unless its path is over the 54 bytes the error holds
//! in place, a path helper allocates exactly its `String`, and what values own is freed.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use http::Method;
use resourceful::ToParam;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// Blocks allocated and not yet freed.
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to the system allocator unchanged; the counter is a
// thread-local `Cell` with a const initialiser, which needs no allocation to touch.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        LIVE.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.with(|n| n.set(n.get() - 1));
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Blocks that `f` allocated on this thread and did not free.
fn left_allocated(f: impl FnOnce()) -> isize {
    let live = LIVE.with(Cell::get);
    f();
    LIVE.with(Cell::get) - live
}

/// Allocations made by `f` on this thread.
fn allocations<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

mod routes {
    resourceful::routes! {
        resources(articles, collection(recent: get), member(publish: put)) {
            resources(comments);
        }
        resource(account);
        namespace(admin) { resources(users, requirements(id = "[0-9]+")); }
        named(search, "/search/:query", controller = "search");
        named(deep, "/a/:p1/b/:p2/c/:p3/d/:p4/e/:p5/f/:p6/g/:p7/h/:p8/i/:p9/j/:p10",
              controller = "deep", action = "show", via = get);
        named(wide, "/w/:p1/:p2/:p3/:p4/:p5/:p6/:p7/:p8/:p9/:p10/:p11/:p12/:p13/:p14/x/y/:p15/:p16",
              controller = "wide", action = "show", via = get);
        connect("/:controller/:action/:id", via = [get, post]);
    }
}

/// Paths without escapes that the table takes, from the shortest to 8 KiB, with up to 16
/// params, some past the 16 segments whose bounds an answer keeps in place.
fn hits() -> Vec<(Method, String)> {
    let long = "x".repeat(8_000);
    let mut cases: Vec<(Method, String)> = [
        (Method::GET, "/articles"),
        (Method::GET, "/articles/42"),
        (Method::HEAD, "/articles/42.json"),
        (Method::PUT, "/articles/42/publish"),
        (Method::DELETE, "/articles/42/comments/7?page=2"),
        (Method::GET, "/articles/recent.rss"),
        (Method::GET, "/account/edit/"),
        (Method::GET, "/admin/users/12"),
        (
            Method::GET,
            "/search/a-long-query-with-several-words-in-it-and-more-than-forty-bytes",
        ),
        (
            Method::GET,
            "/search/a-query-of-exactly-seventy-two-bytes-so-that-the-path-is-longer-x",
        ),
        (Method::POST, "/articles/archive/2024"),
        (Method::GET, "/admin/users/show/5"),
        (Method::GET, "/a/1/b/2/c/3/d/4/e/5/f/6/g/7/h/8/i/9/j/10"),
        (
            Method::GET,
            "/w/one/two/three/four/five/six/seven/eight/nine/ten/eleven/twelve/thirteen/\
             fourteen/x/y/fifteen/sixteen.json",
        ),
    ]
    .into_iter()
    .map(|(method, path)| (method, path.to_owned()))
    .collect();
    cases.push((Method::GET, format!("/articles/{long}")));
    cases.push((
        Method::GET,
        format!("/articles/{long}/comments/{}", &long[..100]),
    ));
    cases
}

#[test]
fn recognising_a_path_without_escapes_does_not_allocate() {
    for (method, path) in hits() {
        // The first lookup through a requirement makes the regex crate build this thread's
        // matching cache, once; what is measured is every lookup after that.
        let _ = routes::ROUTES.recognize(&method, &path);
        let (found, count) = allocations(|| {
            routes::ROUTES
                .recognize(&method, &path)
                .map(|r| r.params().map(|(_, value)| value.len()).sum::<usize>())
        });
        assert!(found.is_ok(), "{method} {path} is recognised");
        assert_eq!(count, 0, "{method} {path} allocated {count} times");
    }
}

#[test]
fn recognising_a_typed_route_without_escapes_does_not_allocate() {
    for (method, path) in hits() {
        let _ = routes::recognize(&method, &path);
        let (found, count) = allocations(|| routes::recognize(&method, &path).map(|r| r.index()));
        assert!(found.is_ok(), "{method} {path} is recognised");
        assert_eq!(count, 0, "{method} {path} allocated {count} times");
    }
}

/// Values own their text where the path held escapes, and when made from a `String`: dropping
/// them frees it.
#[test]
fn owned_values_are_freed() {
    let path = "/articles/a%20b/comments/c%2Fd";
    // As above: anything made once on the first lookup is made before the count.
    let _ = routes::recognize(&Method::GET, path);
    let left = left_allocated(|| {
        let (route, count) = allocations(|| routes::recognize(&Method::GET, path));
        let route = route.expect("a route");
        // The decoding buffer, and for each of the two values its text and the box holding it.
        assert!(count >= 5, "{count} allocations: the values are owned");
        let routes::Route::CommentsShow { article_id, id, .. } = &route else {
            panic!("{route:?}");
        };
        assert_eq!((article_id.as_str(), id.as_str()), ("a b", "c/d"));
        let kept = article_id.clone().into_owned();
        drop(route);
        assert_eq!(kept, "a b");
        let value = resourceful::Value::from(String::from("x"));
        let borrowed = resourceful::Value::from("y").into_owned();
        drop((value.clone(), value, borrowed, kept));
    });
    assert_eq!(left, 0, "{left} blocks not freed");
}

#[test]
fn refusing_a_path_without_escapes_allocates_only_a_long_path() {
    let long = "y".repeat(8_000);
    // Up to 54 bytes, the error holds the path in place (`ErrorPath`); a longer one is boxed.
    let cases = [
        (Method::DELETE, "/articles".to_owned(), 405, 0),
        (Method::PATCH, "/account/edit".to_owned(), 405, 0),
        (Method::DELETE, "/admin/users/12/edit".to_owned(), 405, 0),
        (Method::GET, "/nope/x/y/z".to_owned(), 404, 0),
        (
            Method::GET,
            "/articles/1/comments/2/x/y?page=2".to_owned(),
            404,
            0,
        ),
        (Method::GET, "/admin/users/abc/edit/x".to_owned(), 404, 0),
        (Method::GET, format!("/{}", "z".repeat(53)), 404, 0),
        (Method::GET, format!("/{}", "z".repeat(54)), 404, 1),
        // The query is not the path's: a short path with a long query is held in place.
        (Method::GET, format!("/nope?{}", "q".repeat(100)), 404, 0),
        (
            Method::DELETE,
            format!("/articles/{}/edit", "9".repeat(45)),
            405,
            1,
        ),
        (Method::GET, format!("/{long}"), 404, 1),
        (Method::GET, format!("/articles/1/{long}/x/y/z"), 404, 1),
        (Method::GET, "//".to_owned() + &"/a".repeat(3_000), 404, 1),
    ];
    for (method, path, status, expected) in cases {
        let _ = routes::ROUTES.recognize(&method, &path);
        let (error, count) = allocations(|| routes::ROUTES.recognize(&method, &path).err());
        let error = error.unwrap_or_else(|| panic!("{method} {path} is refused"));
        assert_eq!(error.status().as_u16(), status, "{method} {path}: {error}");
        assert_eq!(count, expected, "{method} {path} allocated {count} times");
        let (_, typed) = allocations(|| routes::recognize(&method, &path).err());
        assert_eq!(
            typed, expected,
            "typed: {method} {path} allocated {typed} times"
        );
    }
}

#[test]
fn path_helpers_allocate_exactly_their_string() {
    #[derive(ToParam)]
    struct Article {
        id: u64,
    }
    let article = Article { id: 7 };
    type Helper = Box<dyn Fn() -> String>;
    let cases: Vec<(&str, Helper)> = vec![
        (
            "article_comment_path(1, 2)",
            Box::new(|| routes::article_comment_path(1, 2)),
        ),
        ("articles_path()", Box::new(routes::articles_path)),
        (
            "article_path(&article)",
            Box::new(move || routes::article_path(&article)),
        ),
        (
            "article_path(u128::MAX)",
            Box::new(|| routes::article_path(u128::MAX)),
        ),
        (
            "article_path(\"a b/c\")",
            Box::new(|| routes::article_path("a b/c")),
        ),
        (
            "formatted_article_comment_path(-1, 2, \"json\")",
            Box::new(|| routes::formatted_article_comment_path(-1, 2, "json")),
        ),
        (
            "search_path(\"caf\u{e9}\")",
            Box::new(|| routes::search_path("café")),
        ),
    ];
    for (call, helper) in cases {
        let (path, count) = allocations(helper);
        assert_eq!(count, 1, "{call} = {path:?} allocated {count} times");
        assert_eq!(
            path.len(),
            path.capacity(),
            "{call} sized its string exactly"
        );
    }
}
