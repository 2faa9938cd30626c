// Converted from engines.rb by resourceful-convert.
// Made up in the style of an application that mounts many engines (job dashboards, admin
// panels, feature flags, GraphQL explorers, mail previews): ten mounts side by side at one
// level, one behind a subdomain constraint, among routes with the same first segments.
resourceful::draw! {
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/sidekiq", as = "sidekiq");
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/pghero", as = "pghero");
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/flipper", as = "flipper");
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/blazer", as = "blazer");
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/graphiql", as = "graphiql");
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/letter_opener", as = "letter_opener");
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/lookbook", as = "lookbook");
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/jobs", as = "mission_control");
    constraints(subdomain = "admin") {
        // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action
        //       when the application starts, or remove the mount
        mount("/admin", as = "rails_admin");
    }
    // TODO: Rails mounted the Rack app `EngineApp` here: bind a service to this mount's action when
    //       the application starts, or remove the mount
    mount("/api/graphql", as = "graphql");
    get("admin", to = "admin#index");
    get("api/status", to = "api#status");
    get("sidekiq-status", to = "health#sidekiq");
    resources(jobs, only(index));
    root(to = "home#index");
}

// request: GET /sidekiq/queues/default
// request: POST /flipper/features/x/boolean
// request: GET /jobs
// request: GET /jobs.json
// request: GET /jobsx
// request: GET http://admin.example.com/admin/users
// request: GET http://www.example.com/admin/users
// request: GET http://www.example.com/admin
// request: GET /api/graphql
// request: POST /api/graphql?query=x
// request: GET /api/status
// request: GET /sidekiq-status
// helper: sidekiq_path
// helper: graphql_path
