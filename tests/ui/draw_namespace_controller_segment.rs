// tests/rails/routes/rails/errors/namespace_controller_segment.rb: a `:controller` segment in
// a namespace, which Rails refuses (":controller segment is not allowed within a namespace
// block").
resourceful::draw! {
    namespace(admin) {
        get("/:controller(/:action(/:id(.:format)))");
    }
}

fn main() {}
