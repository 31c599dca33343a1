// @ts-check
// Who is playing: a guest name, or a registered account. The bearer token the server returns is
// kept in localStorage (api.js), so a returning visitor is still themselves.

import { ApiError, auth, post, setAuth } from "./api.js";
import { h, mount } from "./dom.js";
import { t } from "./i18n.js";

/** Text of a failed request for people: the server's sentence, else a generic one. */
export function errorText(err) {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof ApiError) return t("web.error.http", { status: err.status });
  return t("web.error.network");
}

/** Pages for signed-in people: show the identity form in root instead, and say whether someone is in. */
export function signedIn(root, onDone) {
  if (auth()) return true;
  mount(root, identityForm(onDone));
  return false;
}

/**
 * The "who are you" box: three tabs (guest, sign in, register). onDone(user) runs after success.
 */
export function identityForm(onDone) {
  let mode = "guest";
  const box = h("section", { class: "panel identity", "data-testid": "identity" });
  const message = h("p", { class: "form-error", role: "alert", "data-testid": "identity-error" });

  function tab(name, key) {
    return h(
      "button",
      {
        type: "button",
        role: "tab",
        class: `tab${mode === name ? " active" : ""}`,
        "aria-selected": mode === name ? "true" : "false",
        "data-testid": `identity-tab-${name}`,
        onclick: () => {
          mode = name;
          draw();
        },
      },
      t(key),
    );
  }

  async function submit(event, path, body) {
    event.preventDefault();
    message.textContent = "";
    try {
      const data = await post(path, body());
      setAuth(data);
      onDone(data.user);
    } catch (err) {
      message.textContent = errorText(err);
    }
  }

  function draw() {
    box.replaceChildren();
    box.append(h("h2", {}, t("web.identity.title")));
    box.append(
      h(
        "div",
        { class: "tabs", role: "tablist" },
        tab("guest", "web.identity.tab.guest"),
        tab("login", "web.identity.tab.login"),
        tab("register", "web.identity.tab.register"),
      ),
    );
    const name = h("input", {
      type: "text",
      name: "name",
      required: true,
      maxlength: 24,
      autocomplete: mode === "guest" ? "nickname" : "username",
      "data-testid": `${mode}-name`,
      "aria-label": t("web.identity.name"),
      placeholder: t("web.identity.name"),
    });
    const fields = [h("label", {}, h("span", {}, t("web.identity.name")), name)];
    let password = null;
    if (mode !== "guest") {
      password = h("input", {
        type: "password",
        name: "password",
        required: true,
        minlength: mode === "register" ? 6 : 1,
        autocomplete: mode === "register" ? "new-password" : "current-password",
        "data-testid": `${mode}-password`,
        "aria-label": t("web.identity.password"),
      });
      fields.push(h("label", {}, h("span", {}, t("web.identity.password")), password));
    }
    const path = { guest: "/api/guest", login: "/api/login", register: "/api/register" }[mode];
    const button = {
      guest: "web.identity.guest.submit",
      login: "web.identity.login.submit",
      register: "web.identity.register.submit",
    }[mode];
    const hint = {
      guest: "web.identity.guest.hint",
      login: "web.identity.login.hint",
      register: "web.identity.register.hint",
    }[mode];
    const body = () => (password ? { name: name.value.trim(), password: password.value } : { name: name.value.trim() });
    box.append(
      h(
        "form",
        { class: "form", onsubmit: (e) => submit(e, path, body) },
        h("p", { class: "muted" }, t(hint)),
        fields,
        h("button", { type: "submit", class: "btn primary", "data-testid": `${mode}-submit` }, t(button)),
        message,
      ),
    );
  }
  draw();
  return box;
}
