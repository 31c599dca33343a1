// @ts-check
// Creating a table: game, preset (with the server's description), rule options rendered from the
// options schema of GET /api/games (each option and choice in words, its explanation as a tooltip;
// folded under "More rule options"), target, turn clock and who may watch. Only options changed
// from the preset are sent, so the table records "preset + changes" like every tapete record.
// Beside the presets, a link to the chosen one's rules page (every option, its meaning and source),
// which links back here with ?game= and &preset= to choose them.

import { get, post } from "./api.js";
import { h, mount } from "./dom.js";
import { errorText, signedIn } from "./identity.js";
import { t } from "./i18n.js";
import { rulesHref } from "./rules.js";

// Seconds a person has for a turn before a stand-in bot plays it; 0: no clock.
const CLOCKS = [30, 60, 90, 120, 300, 0];

function listOf(data, key) {
  if (Array.isArray(data)) return data;
  return (data && data[key]) || [];
}

/** The preset's value of an option (presets may carry their values), else the schema's default. */
function presetValue(preset, option) {
  if (preset && preset.options && option.name in preset.options) return preset.options[option.name];
  return option.default;
}

function sameValue(a, b) {
  return String(a) === String(b);
}

export function createScreen(root, { navigate, refreshNav }) {
  let games = [];
  let game = null;
  let preset = null;
  const values = {};

  function optionInput(option) {
    const id = `opt-${option.name}`;
    const current = option.name in values ? values[option.name] : presetValue(preset, option);
    const label = option.label || option.name;
    const attrs = { id, name: option.name, "data-testid": `create-option-${option.name}` };
    let input;
    if (option.type === "bool" || typeof option.default === "boolean") {
      input = h("input", {
        ...attrs,
        type: "checkbox",
        checked: current === true || current === "true",
        onchange: (e) => (values[option.name] = e.target.checked),
      });
      return h(
        "label",
        { class: "check", title: option.help || "" },
        input,
        h("span", {}, label),
      );
    }
    if (option.choices && option.choices.length) {
      input = h(
        "select",
        { ...attrs, onchange: (e) => (values[option.name] = e.target.value) },
        option.choices.map((c) => {
          const value = typeof c === "object" ? c.value : c;
          const text = typeof c === "object" ? c.label || c.value : c;
          return h("option", { value, selected: sameValue(value, current) }, text);
        }),
      );
    } else {
      input = h("input", {
        ...attrs,
        type: option.type === "int" || typeof option.default === "number" ? "number" : "text",
        value: current === null || current === undefined ? "" : current,
        onchange: (e) => (values[option.name] = e.target.value),
      });
    }
    return h(
      "label",
      { for: id, class: "field", title: option.help || "" },
      h("span", {}, label),
      input,
    );
  }

  function changedOptions() {
    const out = {};
    for (const option of game.options || []) {
      if (option.name === "target" || !(option.name in values)) continue;
      const value = values[option.name];
      if (!sameValue(value, presetValue(preset, option))) out[option.name] = String(value);
    }
    return out;
  }

  function presetTarget() {
    if (preset && preset.target) return preset.target;
    const option = (game.options || []).find((o) => o.name === "target");
    return option ? presetValue(preset, option) : "";
  }

  function draw() {
    if (
      !signedIn(root, () => {
        refreshNav();
        draw();
      })
    )
      return;
    if (!game) {
      mount(root, h("p", { class: "muted" }, t("web.app.loading")));
      return;
    }
    const error = h("p", { class: "form-error", role: "alert", "data-testid": "create-error" });
    const target = h("input", {
      type: "number",
      min: 1,
      id: "create-target",
      value: presetTarget(),
      "data-testid": "create-target",
    });
    const clock = h(
      "select",
      { id: "create-clock", "data-testid": "create-clock" },
      CLOCKS.map((s) =>
        h(
          "option",
          { value: s, selected: s === 60 },
          s ? t("web.create.clock.seconds", { seconds: s }) : t("web.create.clock.none"),
        ),
      ),
    );
    const pub = h("input", { type: "checkbox", checked: true, "data-testid": "create-public" });
    const watchHands = h("input", { type: "checkbox", "data-testid": "create-spectators" });
    const rated = h("input", { type: "checkbox", "data-testid": "create-rated" });

    const gameSelect = h(
      "select",
      {
        id: "create-game",
        "data-testid": "create-game",
        onchange: (e) => {
          game = games.find((g) => g.name === e.target.value);
          preset = pickPreset(game);
          clearValues();
          draw();
        },
      },
      games.map((g) => h("option", { value: g.name, selected: g === game }, g.title || g.name)),
    );

    const presets = h(
      "div",
      { class: "presets", role: "radiogroup", "aria-label": t("web.create.preset") },
      listOf(game.presets, "presets").map((p) =>
        h(
          "label",
          { class: `preset${p === preset ? " chosen" : ""}` },
          h("input", {
            type: "radio",
            name: "preset",
            value: p.name,
            checked: p === preset,
            "data-testid": `create-preset-${p.name}`,
            onchange: () => {
              preset = p;
              clearValues();
              draw();
            },
          }),
          h(
            "span",
            { class: "preset-text" },
            h("strong", {}, p.title || p.name),
            p.players ? h("span", { class: "badge" }, t("web.create.players", { count: p.players })) : null,
            p.description ? h("small", {}, p.description) : null,
          ),
        ),
      ),
    );

    const options = (game.options || []).filter((o) => o.name !== "target" && o.name !== "players");
    const submit = async (e) => {
      e.preventDefault();
      error.textContent = "";
      const body = {
        game: game.name,
        preset: preset.name,
        options: changedOptions(),
        target: target.value ? Number(target.value) : null,
        clock_seconds: Number(clock.value),
        public: pub.checked,
        spectators_see_hands: watchHands.checked,
        rated: rated.checked,
      };
      try {
        const table = await post("/api/tables", body);
        navigate(`/table/${table.id}`);
      } catch (err) {
        error.textContent = errorText(err);
      }
    };

    mount(
      root,
      h(
        "form",
        { class: "panel form create", "data-testid": "create-form", onsubmit: submit },
        h("h2", {}, t("web.create.title")),
        h("label", { class: "field", for: "create-game" }, h("span", {}, t("web.create.game")), gameSelect),
        h(
          "fieldset",
          {},
          h("legend", {}, t("web.create.preset")),
          preset
            ? h(
                "p",
                { class: "create-rules" },
                h(
                  "a",
                  { href: rulesHref(game.name, preset.name), "data-link": true, "data-testid": "create-rules-link" },
                  t("web.create.rules_link", { preset: preset.title || preset.name }),
                ),
              )
            : null,
          presets,
        ),
        h("label", { class: "field", for: "create-target" }, h("span", {}, t("web.create.target")), target),
        h("label", { class: "field", for: "create-clock" }, h("span", {}, t("web.create.clock")), clock),
        h("label", { class: "check" }, pub, h("span", {}, t("web.create.public"))),
        h("label", { class: "check" }, watchHands, h("span", {}, t("web.create.spectators_see_hands"))),
        h(
          "label",
          { class: "check" },
          rated,
          h("span", {}, t("web.create.rated")),
          h("small", { class: "muted" }, t("web.create.rated.hint")),
        ),
        options.length
          ? h(
              "details",
              { class: "options" },
              h("summary", {}, t("web.create.options")),
              h("div", { class: "options-grid" }, options.map(optionInput)),
            )
          : null,
        h("button", { type: "submit", class: "btn primary", "data-testid": "create-submit" }, t("web.create.submit")),
        error,
      ),
    );
  }

  function pickPreset(g) {
    const presets = listOf(g.presets, "presets");
    return presets.find((p) => p.name === g.default_preset) || presets[0] || null;
  }

  function clearValues() {
    for (const key of Object.keys(values)) delete values[key];
  }

  // The game and preset of the address (?game=&preset=, from a rules page), on the first load.
  const params = new URLSearchParams(location.search);
  let wanted = { game: params.get("game"), preset: params.get("preset") };

  // The presets' descriptions and the options' labels are the server's, in the page's language:
  // fetch them again after a language change, keeping the choices made so far.
  function load() {
    return get("/api/games")
      .then((data) => {
        games = listOf(data, "games");
        const name = game ? game.name : wanted.game;
        game = games.find((g) => g.name === name) || games[0] || null;
        const chosen = preset ? preset.name : wanted.preset;
        wanted = { game: null, preset: null };
        if (game) preset = listOf(game.presets, "presets").find((p) => p.name === chosen) || pickPreset(game);
        draw();
      })
      .catch((err) => mount(root, h("p", { class: "form-error" }, errorText(err))));
  }

  draw();
  load();
  return { cleanup: () => {}, redraw: load };
}
