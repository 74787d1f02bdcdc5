// Sign-in and signup.
"use strict";

function signIn() {
  showChrome(false);
  const form = h("form", { class: "stack", "data-testid": "signin" },
    field("Email", h("input", { name: "email", type: "email", required: true, autocomplete: "username" })),
    field("Password", h("input", { name: "password", type: "password", required: true, autocomplete: "current-password" })),
    h("button", { type: "submit" }, "Sign in"));
  submitting(form, async (data) => {
    await api("POST", "/api/v1/auth/signin", { email: data.get("email"), password: data.get("password") });
    state.me = null;
    go("/dashboard", true);
  });
  main.replaceChildren(h("div", { class: "auth card" }, h("h1", {}, "Sign in"), form,
    h("p", { class: "muted" }, "New here? ", h("a", { href: "/dashboard/signup", "data-link": true }, "Create an account"))));
}

function signUp() {
  showChrome(false);
  const form = h("form", { class: "stack", "data-testid": "signup" },
    field("Business name", h("input", { name: "businessName", required: true, maxlength: 200 })),
    field("Email", h("input", { name: "email", type: "email", required: true, autocomplete: "username" })),
    field("Password (12 characters or more)", h("input", { name: "password", type: "password", required: true,
      minlength: 12, autocomplete: "new-password" })),
    h("button", { type: "submit" }, "Create account"));
  submitting(form, async (data) => {
    await api("POST", "/api/v1/auth/signup",
      { businessName: data.get("businessName"), email: data.get("email"), password: data.get("password") });
    state.me = null;
    go("/dashboard/start", true);
  });
  main.replaceChildren(h("div", { class: "auth card" }, h("h1", {}, "Create your account"), form,
    h("p", { class: "muted" }, "Have one? ", h("a", { href: "/dashboard/signin", "data-link": true }, "Sign in"))));
}
