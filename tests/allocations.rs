//! Allocation counts, with a counting global allocator: recognising a path without escapes
//! allocates nothing, and a path helper allocates exactly its `String`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use http::Method;
use resourceful::ToParam;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded to the system allocator unchanged; the counter is a
// thread-local `Cell` with a const initialiser, which needs no allocation to touch.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
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
        connect("/:controller/:action/:id");
    }
}

#[test]
fn recognising_a_path_without_escapes_does_not_allocate() {
    // The trie is built on first use.
    let _ = routes::ROUTES.recognize(&Method::GET, "/");
    let cases = [
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
        (Method::POST, "/articles/archive/2024"),
        (Method::GET, "/admin/users/show/5"),
    ];
    for (method, path) in cases {
        // The first lookup through a requirement makes the regex crate build this thread's
        // matching cache, once; what is measured is every lookup after that.
        let _ = routes::ROUTES.recognize(&method, path);
        let (found, count) = allocations(|| {
            routes::ROUTES
                .recognize(&method, path)
                .map(|r| r.params().count())
        });
        assert!(found.is_ok(), "{method} {path} is recognised");
        assert_eq!(count, 0, "{method} {path} allocated {count} times");
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
