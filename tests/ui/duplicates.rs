// Everything given, declared or listed twice, in one invocation.

mod routes {
    resourceful::routes! {
        default_url_options(host = "example.com");
        default_url_options(host = "example.org");
        resources_path_names(new = "nuevo");
        resources_path_names(edit = "editar");
        resources(posts, member(preview: [get, get]));
        resources(pages, member(publish: put, publish: post));
        resources(photos, requirements(id = "[0-9]+", id = "[a-z]+"));
        resources(videos, types(id = u64, id = u32));
        resources(tags, conditions(subdomain = "admin", subdomain = "www"));
        resources(labels, only(index, show, show));
        resources(notes, path_names(edit = "change", edit = "alter"));
        named(search, "/search", controller = "search", via = get, conditions(method = post));
        named(find, "/find", controller = "search", conditions(method = get, method = post));
    }
}

fn main() {}
