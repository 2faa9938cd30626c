// tests/rails/routes/rails/errors/invalid_name.rb: a route name that is not an identifier,
// which Rails refuses ("Invalid route name: 'products index'").
resourceful::draw! {
    get("/products", to = "products#index", as = "products index");
}

fn main() {}
