// Converted from devise.rb by resourceful-convert.
// Devise's routes: `devise_for` with the modules of Devise's generator (the model is not read
// here), and with options; tests/convert_rails.rs compares them with the routes Devise's
// documentation lists.
resourceful::draw! {
    // NOTE: `devise_for :users` draws Devise's routes for `rails generate devise`'s modules
    //       (database_authenticatable, registerable, recoverable, rememberable, validatable), as
    //       the model `User` was not read (run with `--app DIR` to read it): sessions, passwords,
    //       registrations
    scope("users", as = "user") {
        resource(session, only(), controller = "devise/sessions", path = "") {
            get(new, path = "sign_in", as = "new");
            post(create, path = "sign_in");
            match(destroy, path = "sign_out", as = "destroy", via = delete);
        }
        resource(password, only(new, create, edit, update), path = "password",
                 controller = "devise/passwords");
        resource(registration, only(new, create, edit, update, destroy), path = "",
                 path_names(new = "sign_up", edit = "edit", cancel = "cancel"),
                 controller = "devise/registrations") {
            get(cancel);
        }
    }
    // NOTE: `devise_for :admins` draws Devise's routes for `rails generate devise`'s modules
    //       (database_authenticatable, registerable, recoverable, rememberable, validatable), as
    //       the model `Admin` was not read (run with `--app DIR` to read it): sessions
    scope("admin", as = "admin") {
        resource(session, only(), controller = "admins/sessions", path = "") {
            get(new, path = "login", as = "new");
            post(create, path = "login");
            match(destroy, path = "logout", as = "destroy", via = delete);
        }
    }
    root(to = "home#index");
}
