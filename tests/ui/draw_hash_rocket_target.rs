// Rails' hash form, `get "about" => "pages#about"`, is written with `to = ...` in `draw!`.
resourceful::draw! {
    get("about" => "pages#about");
}

fn main() {}
