// tests/rails/routes/rails/errors/duplicate_name_via_resources.rb: a name given with `as`
// that `resources` already took, which Rails refuses ("Invalid route name, already in use:
// 'collision'").
resourceful::draw! {
    resources(collisions);
    get("/collision", to = "collision#show", as = "collision");
}

fn main() {}
