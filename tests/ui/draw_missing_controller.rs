// tests/rails/routes/rails/errors/missing_controller.rb: an action without a controller,
// which Rails refuses ("Missing :controller key on routes definition").
resourceful::draw! {
    get("/foo/bar", action = "index");
}

fn main() {}
