// Syntax errors, each in an invocation of its own: a statement that does not parse is
// skipped, so each module keeps a declaration that does.

mod not_a_declaration {
    resourceful::routes! {
        resources(articles);
        "comments";
    }
}

mod junk_after_a_declaration {
    resourceful::routes! {
        resources(articles);
        resources(comments) = 1;
    }
}

mod not_an_item {
    resourceful::routes! {
        resources(articles);
        resources(comments, only(1));
    }
}

mod not_a_method {
    resourceful::routes! {
        resources(articles);
        resources(comments, member(publish: "put"));
    }
}

mod missing_comma {
    resourceful::routes! {
        resources(articles);
        resources(comments tags);
    }
}

mod not_a_value {
    resourceful::routes! {
        resources(articles);
        resources(comments, controller = 1.5);
    }
}

mod not_a_name_in_a_list {
    resourceful::routes! {
        resources(articles);
        named(search, "/search", controller = "search", via = [get, 1]);
    }
}

// Rails habits: a Ruby symbol where a name or a value goes, Ruby's `=>`.
mod a_symbol_for_a_name {
    resourceful::routes! {
        resources(articles);
        resources(:comments);
    }
}

mod a_symbol_in_a_list {
    resourceful::routes! {
        resources(articles);
        resources(comments, only(:index));
    }
}

mod a_symbol_for_a_method {
    resourceful::routes! {
        resources(articles);
        resources(comments, member(publish: :put));
    }
}

mod a_symbol_for_a_value {
    resourceful::routes! {
        resources(articles);
        resources(comments, controller = :notes);
    }
}

mod a_hash_rocket_for_an_option {
    resourceful::routes! {
        resources(articles);
        resources(comments, controller => "notes");
    }
}

mod a_hash_rocket_for_an_action {
    resourceful::routes! {
        resources(articles);
        resources(comments, collection(search => get));
    }
}

mod a_hash_rocket_before_a_list {
    resourceful::routes! {
        resources(articles);
        resources(comments, only => [index]);
    }
}

mod symbols_in_a_list {
    resourceful::routes! {
        resources(articles);
        named(search, "/search", controller = "search", via = [:get, :post]);
    }
}

mod a_colon_alone {
    resourceful::routes! {
        resources(articles);
        resources(comments, member(publish: :));
    }
}

fn main() {}
