// @ts-check
// The rules page: /rules/{game} (the game's default preset) and /rules/{game}/{preset}, from
// GET /api/rules/{game}?preset= (src/tapete/server/rest.py, tapete.text.rules_doc.page_data):
// the game and preset, a chooser of the game's presets, the summary, then every option by topic
// with its value in words, what it means and its source; the options these rules do not use are
// folded at the end of their topic, and an option set otherwise than in the default preset says so.
// Every word comes from the server, in the page's language; the page knows no game.

import { ApiError, get } from "./api.js";
import { h, mount } from "./dom.js";
import { errorText } from "./identity.js";
import { t } from "./i18n.js";

/**
 * One option in words (``texts`` of ``tapete rules --json``).
 * @typedef {object} RuleText
 * @property {string} topic  the name of its topic (one of RulesPage.topics)
 * @property {string} name  the option's name for people
 * @property {string} value  its value in words
 * @property {string} about  what it means
 * @property {string} source  where the rule comes from, as docs/rules cites it
 * @property {boolean} used  false when these rules never read it
 */

/**
 * A preset the page offers.
 * @typedef {object} PresetItem
 * @property {string} name  its id, as sent to the server
 * @property {string} title  its name for people
 * @property {string} description  one line, without its sources
 */

/**
 * The answer of GET /api/rules/{game}?preset= (mirrors tapete.text.rules_doc.page_data).
 * @typedef {object} RulesPage
 * @property {string} game
 * @property {string} preset
 * @property {Record<string, unknown>} options  every option's value
 * @property {Record<string, unknown>} changed
 * @property {Record<string, RuleText>} texts  by option, in the order they are shown
 * @property {string} game_title
 * @property {string} preset_title
 * @property {string} description  the preset's description, with its sources
 * @property {{label: string, text: string}[]} summary
 * @property {{name: string, title: string}[]} topics
 * @property {string} default_preset
 * @property {string} default_title
 * @property {PresetItem[]} presets
 * @property {Record<string, string>} differs  the default preset's value, in words, of each option set otherwise
 * @property {string} sources
 * @property {string} docs
 */

/** Width from which the preset chooser starts unfolded (a phone shows the rules first). */
const WIDE = "(min-width: 800px)";

/**
 * The address of a preset's rules page (of the game's default preset without one).
 * @param {string} game
 * @param {string} [preset]
 * @returns {string}
 */
export function rulesHref(game, preset) {
  const base = `/rules/${encodeURIComponent(game)}`;
  return preset ? `${base}/${encodeURIComponent(preset)}` : base;
}

/**
 * The create form with a game and preset chosen.
 * @param {string} game
 * @param {string} preset
 */
function createHref(game, preset) {
  return `/?view=create&game=${encodeURIComponent(game)}&preset=${encodeURIComponent(preset)}`;
}

/**
 * @param {string} game
 * @param {string} [preset]
 * @returns {Promise<RulesPage>}
 */
function fetchRules(game, preset) {
  const query = preset ? `?preset=${encodeURIComponent(preset)}` : "";
  return get(`/api/rules/${encodeURIComponent(game)}${query}`);
}

/**
 * The game's presets as links, the one shown marked.
 * @param {RulesPage} data
 * @param {string | null} current  the preset shown, or null (none: an unknown one was asked for)
 */
function presetChooser(data, current) {
  return h(
    "details",
    { class: "rules-presets", "data-testid": "rules-presets", open: current === null || window.matchMedia(WIDE).matches },
    h("summary", {}, t("web.rules.choose", { game: data.game_title })),
    h(
      "ul",
      { class: "plain rules-preset-list" },
      data.presets.map((p) =>
        h(
          "li",
          {},
          h(
            "a",
            {
              class: `rules-preset${p.name === current ? " chosen" : ""}`,
              href: rulesHref(data.game, p.name),
              "data-link": true,
              "data-testid": `rules-preset-${p.name}`,
              "aria-current": p.name === current ? "page" : false,
            },
            h(
              "strong",
              {},
              p.title,
              p.name === data.default_preset ? h("span", { class: "badge" }, t("web.rules.default")) : null,
            ),
            p.description ? h("small", {}, p.description) : null,
          ),
        ),
      ),
    ),
  );
}

/**
 * One option: its name, its value in words, what it means, how the default preset differs, its source.
 * @param {RulesPage} data
 * @param {string} name
 * @param {RuleText} text
 */
function ruleEntry(data, name, text) {
  const differs = data.differs[name];
  return h(
    "li",
    {
      class: `rule${text.used ? "" : " rule-unused"}${differs !== undefined ? " rule-differs" : ""}`,
      "data-testid": `rule-${name}`,
      "data-used": String(text.used),
      "data-differs": String(differs !== undefined),
    },
    h(
      "div",
      { class: "rule-head" },
      h("span", { class: "rule-name" }, text.name),
      h("span", { class: "rule-value", "data-testid": "rule-value" }, text.value),
    ),
    h("p", { class: "rule-about" }, text.about),
    text.used ? null : h("p", { class: "rule-note muted" }, t("web.rules.unused_mark")),
    differs !== undefined
      ? h(
          "p",
          { class: "rule-note rule-differs-note", "data-testid": "rule-differs" },
          t("web.rules.differs", { preset: data.default_title, value: differs }),
        )
      : null,
    text.source
      ? h("p", { class: "rule-source muted", "data-testid": "rule-source" }, t("web.rules.source", { source: text.source }))
      : null,
  );
}

/**
 * The options of one topic; those these rules do not use folded after the others.
 * @param {RulesPage} data
 * @param {{name: string, title: string}} topic
 * @param {[string, RuleText][]} entries
 */
function topicSection(data, topic, entries) {
  const used = entries.filter(([, e]) => e.used);
  const unused = entries.filter(([, e]) => !e.used);
  return h(
    "section",
    { class: "rules-topic", "data-testid": `rules-topic-${topic.name}` },
    h("h4", {}, topic.title),
    used.length ? h("ul", { class: "plain rules-list" }, used.map(([n, e]) => ruleEntry(data, n, e))) : null,
    unused.length
      ? h(
          "details",
          { class: "rules-unused", "data-testid": "rules-unused" },
          h("summary", {}, t("web.rules.unused", { count: unused.length })),
          h("ul", { class: "plain rules-list" }, unused.map(([n, e]) => ruleEntry(data, n, e))),
        )
      : null,
  );
}

/**
 * The whole page for one preset.
 * @param {RulesPage} data
 */
function rulesPage(data) {
  const all = /** @type {[string, RuleText][]} */ (Object.entries(data.texts));
  return h(
    "article",
    { class: "panel rules-page", "data-testid": "rules-page", "data-game": data.game, "data-preset": data.preset },
    h("h2", { "data-testid": "rules-title" }, t("web.rules.title", { game: data.game_title, preset: data.preset_title })),
    h("p", { class: "rules-description", "data-testid": "rules-description" }, data.description),
    h(
      "p",
      { class: "rules-actions" },
      h(
        "a",
        { class: "btn primary", href: createHref(data.game, data.preset), "data-link": true, "data-testid": "rules-play" },
        t("web.rules.play"),
      ),
    ),
    presetChooser(data, data.preset),
    h("h3", {}, t("web.rules.summary")),
    h(
      "dl",
      { class: "rules-summary", "data-testid": "rules-summary" },
      data.summary.map((row) => [h("dt", {}, row.label), h("dd", {}, row.text)]),
    ),
    h("h3", {}, t("web.rules.options")),
    data.topics.map((topic) => {
      const entries = all.filter(([, e]) => e.topic === topic.name);
      return entries.length ? topicSection(data, topic, entries) : null;
    }),
    h("h3", {}, t("web.rules.sources")),
    h("p", { class: "rules-sources muted" }, data.sources),
    h("p", { class: "rules-sources muted" }, data.docs),
  );
}

/**
 * The rules page of a game's preset (its default preset without one).
 * @param {HTMLElement} root
 * @param {{game: string, preset?: string}} where
 */
export function rulesScreen(root, { game, preset }) {
  let asked = 0;

  /**
   * A refusal (an unknown game or preset) in words, with what may be read instead.
   * @param {unknown} err
   */
  async function refused(err) {
    const message = h("p", { class: "form-error", role: "alert", "data-testid": "rules-error" }, errorText(err));
    const panel = h("section", { class: "panel rules-page", "data-testid": "rules-missing" }, message);
    mount(root, panel);
    if (err instanceof ApiError && err.code === "bad_preset") {
      // The game is known: offer its presets.
      try {
        const data = await fetchRules(game);
        panel.append(presetChooser(data, null));
        return;
      } catch {
        /* the lobby link below */
      }
    }
    panel.append(h("p", {}, h("a", { href: "/", "data-link": true }, t("web.rules.back"))));
  }

  async function load() {
    const mine = ++asked;
    try {
      const data = await fetchRules(game, preset);
      if (mine !== asked) return;
      mount(root, rulesPage(data));
      document.title = `${t("web.rules.title", { game: data.game_title, preset: data.preset_title })} · tapete`;
    } catch (err) {
      if (mine === asked) await refused(err);
    }
  }

  mount(root, h("p", { class: "muted" }, t("web.app.loading")));
  load();
  // The words are the server's, in the page's language: fetch them again after a language change.
  return { cleanup: () => void (asked += 1), redraw: load };
}
