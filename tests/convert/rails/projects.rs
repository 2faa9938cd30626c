// Converted from projects.rb by resourceful-convert.
// Ported from Rails 6.1's routing tests (actionpack/test/dispatch/routing_test.rb, MIT):
// `resources` with `controller:` and nested resources, several nested at once
// (`resources :involvements, :attachments`), collection routes inside nested resources and a
// singular resource with `controller:` nested two levels down.
resourceful::draw! {
    // test_projects, test_projects_involvements, test_projects_attachments,
    // test_projects_participants, test_projects_companies
    resources(projects, controller = "project") {
        resources(involvements, attachments);
        resources(participants) {
            put(update_all, on = collection);
        }
        resources(companies) {
            resources(people);
            resource(avatar, controller = "avatar");
        }
    }
}

// request: GET /projects
// request: POST /projects
// request: GET /projects.xml
// request: GET /projects/new
// request: GET /projects/new.xml
// request: GET /projects/1
// request: GET /projects/1.xml
// request: GET /projects/1/edit
// request: GET /projects/1/involvements
// request: GET /projects/1/involvements/new
// request: GET /projects/1/involvements/1
// request: PUT /projects/1/involvements/1
// request: DELETE /projects/1/involvements/1
// request: GET /projects/1/involvements/1/edit
// request: GET /projects/1/attachments
// request: GET /projects/1/participants
// request: PUT /projects/1/participants/update_all
// request: GET /projects/1/companies
// request: GET /projects/1/companies/1/people
// request: GET /projects/1/companies/1/avatar
// helper: projects_path
// helper: projects_path(format: "xml")
// helper: new_project_path(format: "xml")
// helper: project_path(id: "1", format: "xml")
// helper: edit_project_path(id: "1")
// helper: project_involvements_path(project_id: "1")
// helper: new_project_involvement_path(project_id: "1")
// helper: project_involvement_path(project_id: "1", id: "1")
// helper: edit_project_involvement_path(project_id: "1", id: "1")
// helper: project_attachments_path(project_id: "1")
// helper: project_participants_path(project_id: "1")
// helper: update_all_project_participants_path(project_id: "1")
// helper: project_companies_path(project_id: "1")
// helper: project_company_people_path(project_id: "1", company_id: "1")
// helper: project_company_avatar_path(project_id: "1", company_id: "1")
