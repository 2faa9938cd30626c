// tests/rails/routes/rails/errors/constant_controller_name.rb: a controller written as a
// Ruby constant, which Rails refuses ("'admin/StorageFiles' is not a supported controller
// name").
resourceful::draw! {
    namespace(admin) {
        resources(storage_files, controller = "StorageFiles");
    }
}

fn main() {}
