// The port of tests/rails/routes/rails/redirects.rb: Rails 6.1's tests of redirects to a
// path, to a URL with a status, with `%{param}` interpolation, built from options
// (`subdomain`, `domain`, `path`, `host`), as a namespace's root, behind request constraints,
// and redirect routes that `url_for` must not generate.

resourceful::draw! {
    // test_login_redirect, test_redirect_with_port
    get("account/login", to = redirect("/login"));

    // test_logout_redirect_without_to
    get("account/logout", to = redirect("/logout"), as = "logout_redirect");

    // test_namespace_redirect
    namespace(private) {
        root(to = redirect("/private/index"));
        get("index", to = "private#index");
    }

    // test_redirect_with_failing_constraint, test_redirect_with_passing_constraint
    get("hi", to = redirect("/foo"), constraints(with = grumpy_restrictor));
    get("hello", to = redirect("/foo"), constraints(with = any_request));

    // test_redirect_modulo
    get("account/modulo/:name", to = redirect("/%{name}s"));

    // test_redirect_hash_with_subdomain, test_redirect_hash_with_domain_and_path,
    // test_redirect_hash_with_path, test_redirect_hash_with_host
    get("mobile", to = redirect(subdomain = "mobile"));
    get("documentation", to = redirect(domain = "example-documentation.com", path = ""));
    get("new_documentation", to = redirect(path = "/documentation/new"));
    get("super_new_documentation", to = redirect(host = "super-docs.com"));

    // test_redirect_hash_path_substitution, test_redirect_hash_path_substitution_with_catch_all
    get("stores/:name", to = redirect(subdomain = "stores", path = "/%{name}"));
    get("shops/:name(*rest)", to = redirect(subdomain = "stores", path = "/%{name}%{rest}"));

    // test_redirect_with_complete_url_and_status
    get("account/google", to = redirect("http://www.google.com/", status = 302));

    // test_redirect_https
    get("secure", to = redirect("/secure/login"));

    // TestRedirectInterpolation
    get("/foo/:id", to = redirect("/foo/bar/%{id}"));
    get("/bar/:id", to = redirect(path = "/foo/bar/%{id}"));
    get("/baz/:id", to = redirect("/baz?id=%{id}&foo=?&bar=1#id-%{id}"));
    get("/foo/bar/:id", to = "foo#bar");
    get("/baz", to = "baz#index");

    // TestRedirectRouteGeneration
    get("/account", to = redirect("/myaccount"), as = "account");
    get("/:locale/account", to = redirect("/%{locale}/myaccount"), as = "localized_account");
}

/// `GrumpyRestrictor.matches?`: never.
fn grumpy_restrictor(_request: &resourceful::http::request::Parts) -> bool {
    false
}

/// `->(_req) { true }`.
fn any_request(_request: &resourceful::http::request::Parts) -> bool {
    true
}
