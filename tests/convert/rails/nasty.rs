// Converted from nasty.rb by resourceful-convert.
// Made up to be nasty, not imitating any application: resources nested four deep inside
// namespaces and scopes, with `shallow`, `path_names`, `param`, `only`/`except`, `as` and
// `path` on the same resource; odd names (plurals Rails singularizes oddly, names with
// digits and dashes in paths, a non-ASCII literal); optional groups mid-path and nested;
// globs mid-path, with an extension and inside a group; constraints whose regexps take `/`
// and `.` (greedy, lazy, an alternation) before a format; `format` set on a scope and
// overridden inside; `defaults` and `constraints` blocks nested; a `controller` block with
// `action`s given by symbol; a root inside a namespace inside a scope; verb routes whose
// `as:` nests inside resources; `via: :all` mid-file; helpers given every reserved
// character; and a catch-all last.
resourceful::draw! {
    scope("(:locale)", constraints(locale = "[a-z]{2}(-[A-Z]{2})?")) {
        namespace(v1, path = "api/1.0") {
            root(to = "status#show");
            resources(people, param = "handle", path_names(new = "fresh", edit = "tweak"),
                      except(destroy)) {
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
            constraints(version = r"[0-9]+(\.[0-9]+)*", ext = r"tar\.gz|zip"));
        get("*dir/:file.:ext", to = "trees#show", as = "tree_file");
        get("(*prefix)/latest(.:format)", to = "packages#latest", as = "latest");
    }

    scope(format = false) {
        get("keys/:fingerprint", to = "keys#show",
            constraints(fingerprint = "[0-9a-f]{2}(:[0-9a-f]{2})+"));
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
                constraints(year = "[0-9]{4}", month = "0[1-9]|1[0-2]", page = "[0-9]+"));
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
    get("releases/:v", to = "releases#show", as = "release",
        constraints(v = r"[0-9]+|[0-9]+\.[0-9]+"));
    get("emoji/:face", to = "emoji#show", constraints(face = r"\p{Emoji}+"));
    get("v:major(.:minor(.:patch))", to = "versions#show", as = "semver",
        constraints(major = "[0-9]+", minor = "[0-9]+", patch = "[0-9]+"));
    get("*anything", to = "errors#not_found", constraints(anything = r"[a-z0-9/]+(\.[a-z]+)?"));
}

// request: GET /api/1.0
// request: GET /en/api/1.0
// request: GET /en-GB/api/1.0/people/bob/fresh
// request: GET /api/1.0/people/fresh
// request: GET /api/1.0/people/bob/tweak
// request: GET /api/1.0/analyses/x1/edit
// request: GET /api/1.0/criteria/7/modify
// request: GET /api/1.0/criteria/7/diff
// request: GET /api/1.0/criteria/7/diff/8
// request: GET /api/1.0/criteria/7/diff/8.patch
// request: GET /api/1.0/criteria/7/diff/8.patch.json
// request: GET /api/1.0/criteria/7/m
// request: GET /api/1.0/people/bob/files/a/b/c/raw
// request: GET /downloads/rails-7.1.2.tar.gz
// request: GET /downloads/rails-7.zip
// request: GET /downloads/rails-x.zip
// request: GET /downloads/a/b/readme.txt
// request: GET /downloads/latest
// request: GET /downloads/a/b/latest.json
// request: GET /keys/ab:cd:ef
// request: GET /keys/ab
// request: GET /paths/a.b
// request: GET /paths/a/b
// request: GET /strict/1.json
// request: GET /strict/1
// request: GET /octopi/big-one/ink
// request: GET /data/abc/2024/05/page-2
// request: GET /data/abc/page-2
// request: GET /data/abc/2024/13
// request: GET /p/1/2
// request: DELETE /p
// request: GET /rodents/1/nibble/cheese
// request: GET /rodents/nest/3/search
// request: GET /rodents/nest/search
// request: GET /statuses/5/media
// request: GET /x/1/2/y/3/4
// request: GET /v1.2.3
// request: GET /%C3%BCber/x
// request: GET /%c3%bcber/x
// request: GET /über/x
// request: GET /%C3%BCber/%C3%A9t%C3%A9
// request: GET /%C3%BCber/a%2Fb
// request: GET /%C3%BCber/a+b
// request: GET /%C3%BCber/a%20b.json
// request: GET /x/a%2Fb/y/c
// request: GET /x/%C3%A4/y/%25
// request: GET /p/a%2Bb/c+d
// request: GET /keys/ab%3Acd
// request: GET /tags/a.b.json
// request: GET /tags/a.b
// request: GET /tags/rust
// request: GET /emoji/%F0%9F%98%80
// request: GET /emoji/abc
// request: GET /releases/1.2
// request: GET /releases/1.2.json
// request: GET /releases/1.2.3
// request: GET /v1
// request: GET /assets/app.js
// helper: v1_root_path(locale: "fr")
// helper: edit_v1_person_path("bob")
// helper: v1_person_analyses_path("bob")
// helper: diff_v1_criterium_path("7", against: "8", ext: "patch")
// helper: diff_v1_criterium_path("7", ext: "patch")
// helper: v1_criterium_grid_index_path("7")
// helper: v1_person_raw_file_path("bob", "a/b")
// helper: dl_package_path(name: "rails", version: "7.1", ext: "zip")
// helper: dl_tree_file_path(dir: "a/b", file: "x", ext: "txt")
// helper: dl_latest_path
// helper: dl_latest_path(prefix: "a/b", format: "json")
// helper: any_path_path(path: "a/b")
// helper: strict_path("1", format: "json")
// helper: octopus_ink_path("big-one")
// helper: data_path("abc", year: "2024", page: "2")
// helper: nibble_vermin_path("1", "cheese")
// helper: search_vermin_index_path(depth: "3")
// helper: status_media_path("5")
// helper: two_globs_path(a: "1/2", b: "3")
// helper: semver_path(major: "1", patch: "3")
// helper: umlaut_path("a b/ü?#%+&=;:@~!$'()*,")
// helper: umlaut_path("é")
// helper: two_globs_path(a: "ü/ä b", b: "%?#")
// helper: tagged_path("a.b", format: "json")
// helper: pair_path(a: "x y", b: "1/2")
// helper: dl_tree_file_path(dir: "a b/c", file: "d e", ext: "t t")
// url_for: controller: "v1/criteria", action: "diff", id: "7", against: "8"
// url_for: controller: "dl/packages", action: "latest", prefix: "a"
// url_for: controller: "data", action: "index", slug: "s", month: "05"
