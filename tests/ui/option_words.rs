// Names and words given to options that are not names and words of the right form, in one
// invocation.

mod routes {
    resourceful::routes! {
        resources(stores, name_prefix = "Store_");
        resources(people, singular = "Person");
        resources(reports, controller = "admin reports");
        named(feed, "/feed", controller = "feeds", action = "show-all");
        resources(entries, param = "my-slug");
        named(false, "/off", controller = "pages");
        resources(drafts, member(true: put));
        named(Login, "/login", controller = "sessions");
        resources(tasks, member(Finish: put));
    }
}

fn main() {}
