//! Arbitrary methods and paths against a realistic table: recognition never panics, always
//! agrees with the reference recogniser (every route in order, first match wins), and answers
//! with a 400, 404, 405 or 414 when nothing matches.
#![no_main]

use http::Method;
use libfuzzer_sys::fuzz_target;
use routes_runtime::testing::{self, Answer};

mod routes {
    resourceful::routes! {
        resources(articles, collection(recent: get), member(publish: put), new(preview: post),
                  requirements(id = "[0-9]+(\\.[0-9]+)?")) {
            resources(comments, only(index, create, show, destroy));
            resource(author);
        }
        resource(account, member(password: put));
        resources(pages, param = "slug", path_names(edit = "change"));
        namespace(admin) { resources(users, shallow) { resources(roles); } }
        named(search, "/search/:query.:format", controller = "search", via = [get, post]);
        named(files, "/files/:name", controller = "files", requirements(name = "[^/]+"));
        root(controller = "home");
        connect("/:controller/:action/:id");
    }
}

const METHODS: [&str; 9] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PURGE", "get"];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let method = Method::from_bytes(METHODS[usize::from(pick) % METHODS.len()].as_bytes()).unwrap();
    let path = String::from_utf8_lossy(rest);
    let fast = routes::ROUTES.recognize(&method, &path);
    let answer = fast.as_ref().map(Answer::of).map_err(Clone::clone);
    let reference = testing::recognize(&routes::ROUTES, &method, &path);
    assert_eq!(answer, reference, "{method} {path:?}");
    if let Err(error) = fast {
        let status = error.status().as_u16();
        assert!([400, 404, 405, 414].contains(&status), "{error}");
    }
});
