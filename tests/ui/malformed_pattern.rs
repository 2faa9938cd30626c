resourceful::routes! {
    named(photo, "/photos/:id.:size", controller = "photos");
}

fn main() {}
