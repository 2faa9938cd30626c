# Devise's routes: `devise_for` with the modules of Devise's generator (the model is not read
# here), and with options; tests/convert_rails.rs compares them with the routes Devise's
# documentation lists.
Rails.application.routes.draw do
  devise_for :users
  devise_for :admins, path: 'admin', path_names: { sign_in: 'login', sign_out: 'logout' },
             controllers: { sessions: 'admins/sessions' }, skip: [:registrations, :passwords]
  root to: 'home#index'
end
