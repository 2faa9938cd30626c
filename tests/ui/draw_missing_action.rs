// tests/rails/routes/rails/errors/missing_action.rb: `to = "foo#"`, a controller without an
// action, which Rails refuses ("Missing :action key on routes definition").
resourceful::draw! {
    get("/foo/bar", to = "foo#");
}

fn main() {}
