// The port of tests/rails/routes/apps/nasty.rb: a made-up routes file of awkward forms.

resourceful::draw! {
    scope("(:locale)", constraints(locale = "[a-z]{2}(-[A-Z]{2})?")) {
        namespace(v1, path = "api/1.0") {
            root(to = "status#show");
            resources(people, param = "handle", path_names(new = "fresh", edit = "tweak"), except(destroy)) {
                resources(analyses, only(index, show, edit), shallow, param = "code") {
                    resources(criteria, shallow, path_names(edit = "modify")) {
                        get("diff(/:against(.:ext))", on = member, action = "diff", as = "diff");
                        resources(matrices, only(index, show), path = "m", as = "grid");
                    }
                }
                get("files/*path/raw", to = "files#raw", as = "raw_file", format = false);
            }
        }
    }

    namespace(dl, path = "downloads") {
        get(":name-:version.:ext", to = "packages#show", as = "package",
            constraints(version = "\\d+(\\.\\d+)*", ext = "tar\\.gz|zip"));
        get("*dir/:file.:ext", to = "trees#show", as = "tree_file");
        get("(*prefix)/latest(.:format)", to = "packages#latest", as = "latest");
    }

    scope(format = false) {
        get("keys/:fingerprint", to = "keys#show", constraints(fingerprint = "[0-9a-f]{2}(:[0-9a-f]{2})+"));
        get("paths/:path", to = "paths#show", constraints(path = "[^?]+"), as = "any_path");
        scope(format = true) {
            get("strict/:id", to = "strict#show", as = "strict");
        }
    }

    defaults(source = "feed") {
        constraints(slug = "[a-z0-9]+(?:-[a-z0-9]+)*") {
            resources(octopi, only(index, show), param = "slug") {
                resource(ink, only(show), defaults(color = "black"));
            }
            get("data/:slug(/:year(/:month))(/page-:page)", to = "data#index", as = "data",
                constraints(year = "\\d{4}", month = "0[1-9]|1[0-2]", page = "\\d+"));
        }
    }

    controller("pages") {
        get("p/:a/:b", action = "pair", as = "pair");
        get("p/:a", action = "single");
        match("p", action = "index", via = all);
    }

    resources(mice, path = "rodents", as = "vermin", only(index, show, new)) {
        get("nibble/:what", on = member, action = "nibble", as = "nibble");
        get("nest(/:depth)/search", on = collection, action = "search", as = "search");
    }
    resources(statuses, controller = "status_updates", only(show)) {
        resources(media, only(index), shallow);
    }

    get("x/*a/y/*b", to = "globs#two", as = "two_globs");
    get("über/:name", to = "umlauts#show", as = "umlaut");
    get("tags/:tag(.:format)", to = "tags#show", as = "tagged", constraints(tag = "[^/]+?"));
    get("releases/:v", to = "releases#show", as = "release", constraints(v = "\\d+|\\d+\\.\\d+"));
    get("emoji/:face", to = "emoji#show", constraints(face = "\\p{Emoji}+"));
    get("v:major(.:minor(.:patch))", to = "versions#show", as = "semver",
        constraints(major = "\\d+", minor = "\\d+", patch = "\\d+"));
    get("*anything", to = "errors#not_found", constraints(anything = "[a-z0-9/]+(\\.[a-z]+)?"));
}
