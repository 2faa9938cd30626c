// tests/rails/routes/rails/errors/duplicate_name.rb: two routes named alike with `as`, which
// Rails refuses ("Invalid route name, already in use: 'collision'").
resourceful::draw! {
    get("/collision", to = "collision#show", as = "collision");
    get("/duplicate", to = "duplicate#show", as = "collision");
}

fn main() {}
