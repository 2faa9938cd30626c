resourceful::routes! {
    resources(products, only(index, shwo));
}

fn main() {}
