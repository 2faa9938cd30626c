# Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
# redirects to a path, to a full URL with a status, with `%{param}` interpolation (and how
# interpolated values are escaped), redirects built from options (`subdomain:`, `domain:`,
# `path:`, `host:`), a redirect as a namespace's root, redirects behind request constraints,
# the port and scheme of the request carried into the Location, and redirect routes that
# `url_for` must not generate.

class GrumpyRestrictor
  def self.matches?(_request)
    false
  end
end

Rails.application.routes.draw do
  # test_login_redirect, test_redirect_with_port
  get "account/login", to: redirect("/login")

  # test_logout_redirect_without_to
  get "account/logout" => redirect("/logout"), as: :logout_redirect

  # test_namespace_redirect
  namespace :private do
    root to: redirect("/private/index")
    get "index", to: "private#index"
  end

  # test_redirect_with_failing_constraint, test_redirect_with_passing_constraint
  get "hi", to: redirect("/foo"), constraints: GrumpyRestrictor
  get "hello", to: redirect("/foo"), constraints: ->(_req) { true }

  # test_redirect_modulo
  get "account/modulo/:name", to: redirect("/%{name}s")

  # test_redirect_hash_with_subdomain, test_redirect_hash_with_domain_and_path,
  # test_redirect_hash_with_path, test_redirect_hash_with_host
  get "mobile", to: redirect(subdomain: "mobile")
  get "documentation", to: redirect(domain: "example-documentation.com", path: "")
  get "new_documentation", to: redirect(path: "/documentation/new")
  get "super_new_documentation", to: redirect(host: "super-docs.com")

  # test_redirect_hash_path_substitution, test_redirect_hash_path_substitution_with_catch_all
  get "stores/:name", to: redirect(subdomain: "stores", path: "/%{name}")
  get "shops/:name(*rest)", to: redirect(subdomain: "stores", path: "/%{name}%{rest}")

  # test_redirect_with_complete_url_and_status
  get "account/google" => redirect("http://www.google.com/", status: 302)

  # test_redirect_https
  get "secure", to: redirect("/secure/login")

  # TestRedirectInterpolation
  get "/foo/:id" => redirect("/foo/bar/%{id}")
  get "/bar/:id" => redirect(path: "/foo/bar/%{id}")
  get "/baz/:id" => redirect("/baz?id=%{id}&foo=?&bar=1#id-%{id}")
  get "/foo/bar/:id" => "foo#bar"
  get "/baz" => "baz#index"

  # TestRedirectRouteGeneration
  get "/account", to: redirect("/myaccount"), as: "account"
  get "/:locale/account", to: redirect("/%{locale}/myaccount"), as: "localized_account"
end

# request: GET http://www.example.com/account/login
# request: GET http://www.example.com:3000/account/login
# request: GET https://www.example.com/account/login
# request: GET http://www.example.com/account/logout
# request: GET http://www.example.com/private
# request: GET /hi
# request: GET /hello
# request: GET http://www.example.com/account/modulo/name
# request: GET http://www.example.com/mobile
# request: GET http://www.example.com/documentation
# request: GET http://www.example.com/new_documentation
# request: GET http://www.example.com/super_new_documentation?section=top
# request: GET http://www.example.com/stores/iernest
# request: GET http://www.example.com/shops/iernest/products
# request: GET /account/google
# request: GET https://www.example.com/secure
# request: GET /foo/1%3E
# request: GET /bar/1%3E
# request: GET /foo/1%201
# request: GET /baz/1%201
# helper: logout_redirect_path
# helper: account_path
# helper: localized_account_path(locale: "de")
# url_for: controller: "products", action: "index"
# url_for: controller: "products", action: "index", locale: "de"
# request: GET http://www.example.com/account/modulo/%2F%2Fevil%2Ecom
# request: GET http://www.example.com/account/modulo/%2Fevil%2Ecom
# request: GET http://www.example.com/stores/%2F%2Fevil%2Ecom
