// Pending: draw! panics on this today (`"products index_path"` is not a valid identifier)
// instead of reporting it at `as`; move it to tests/ui/ when it does.
// tests/rails/routes/rails/errors/invalid_name.rb: a route name that is not an identifier,
// which Rails refuses ("Invalid route name: 'products index'").
resourceful::draw! {
    get("/products", to = "products#index", as = "products index");
}

fn main() {}
