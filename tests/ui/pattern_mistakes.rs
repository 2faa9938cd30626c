// Patterns the pattern parser refuses, a route with too many dynamic segments and an empty
// requirement, in one invocation.

mod routes {
    resourceful::routes! {
        named(home, "/home", controller = "pages");
        named(bare_format, "(.:format)", controller = "pages");
        named(twice, "/pairs/:id/twin/:id", controller = "pages");
        named(gap, "/a//b", controller = "pages");
        named(numeric, "/:9lives", controller = "pages");
        named(early_format, "/:format/feed", controller = "pages");
        named(colon_inside, "/v:id", controller = "pages");
        named(glob, "/files/*path/raw", controller = "pages");
        named(globs, "/files/*a/*b", controller = "pages");
        named(glob_format, "/files/*path.:format", controller = "pages");
        named(group, "/a(b)", controller = "pages");
        named(query, "/search?q", controller = "pages");
        named(percent, "/100%", controller = "pages");
        named(deep, "/:a/:b/:c/:d/:e/:f/:g/:h/:i/:j/:k/:l/:m/:n/:o/:p/:q", controller = "pages");
        named(tall, "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6", controller = "pages");
        resources(articles, requirements(id = ""));
    }
}

fn main() {}
