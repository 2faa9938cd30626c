// The port of tests/rails/routes/apps/engines.rb: ten mounted engines. `EngineApp` is bound
// at run time.

resourceful::draw! {
    mount("/sidekiq", as = "sidekiq");
    mount("/pghero", as = "pghero");
    mount("/flipper", as = "flipper");
    mount("/blazer", as = "blazer");
    mount("/graphiql", as = "graphiql");
    mount("/letter_opener", as = "letter_opener");
    mount("/lookbook", as = "lookbook");
    mount("/jobs", as = "mission_control");
    constraints(subdomain = "admin") {
        mount("/admin", as = "rails_admin");
    }
    mount("/api/graphql", as = "graphql");
    get("admin", to = "admin#index");
    get("api/status", to = "api#status");
    get("sidekiq-status", to = "health#sidekiq");
    resources(jobs, only(index));
    root(to = "home#index");
}
