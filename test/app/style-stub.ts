// Stylesheets are not evaluated in component tests.
export default {};
