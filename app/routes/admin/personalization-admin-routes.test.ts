import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { userWithSession } from "#tests/fixtures/session-user";
import { withTestDatabase } from "#tests/setup/with-database";
import { db, queryRows } from "~/server/db.server";
import { seedDemoData } from "~/server/seed/seed.server";
import { getToast } from "~/server/toast.server";
import { getCartView } from "~/server/cart/cart.server";
import { CART_COOKIE_NAME } from "~/server/cart-cookie.server";
import { addPersonalizedCollar } from "~/server/personalization/add-to-cart.server";
import { VISITOR_COOKIE_NAME } from "~/server/visitor.server";
import {
  action as bandanasAction,
  loader as bandanasLoader,
} from "./personalization-bandanas";
import {
  action as collarsAction,
  loader as collarsLoader,
} from "./personalization-collars";
import {
  action as wholesaleAction,
  loader as wholesaleLoader,
} from "./wholesale";

/**
 * The personalization and wholesale back-office through its routes (document 001 §2, issue 9):
 * real Requests into the loaders and actions, as the browser sends them without JavaScript.
 */

withTestDatabase();

let admin: { cookie: string };
let customer: { cookie: string };

beforeAll(async () => {
  await seedDemoData(db);
  admin = await userWithSession({ admin: true });
  customer = await userWithSession();
}, 120_000);

const context = { clientIp: "203.0.113.9", cspNonce: "" };
type Handler = (args: never) => unknown;
type Form = Record<string, string> | Array<[string, string]>;

/** Calls a loader/action; thrown Responses (redirects) are returned like returned ones. */
async function call(
  handler: Handler,
  url: string,
  init: { cookie?: string; form?: Form } = {},
) {
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  const request = new Request(`http://loja.test${url}`, {
    method: body ? "POST" : "GET",
    body,
    headers: init.cookie ? { cookie: init.cookie } : {},
  });
  try {
    return await handler({ request, params: {}, context } as never);
  } catch (thrown) {
    return thrown;
  }
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: ResponseInit | null } | null)?.init?.status ?? 200;
}

function dataOf<T = Record<string, unknown>>(result: unknown): T {
  return ((result as { data?: unknown })?.data ?? result) as T;
}

async function toastOf(result: unknown) {
  const headers =
    result instanceof Response
      ? result.headers
      : new Headers((result as { init?: ResponseInit }).init?.headers);
  const cookie = headers.getSetCookie()[0]?.split(";")[0];
  if (!cookie) return null;
  return (
    await getToast(new Request("http://loja.test/", { headers: { cookie } }))
  ).toast;
}

const colourCount = async (type: string) =>
  (
    await queryRows<{ n: number }>(
      sql`select count(*)::int as n from color_options where product_type = ${type}`,
    )
  )[0]?.n ?? 0;

const variantPrices = async (handle: string) =>
  (
    await queryRows<{ price_cents: number }>(
      sql`select v.price_cents from product_variants v join products p on p.id = v.product_id where p.handle = ${handle}`,
    )
  ).map((r) => r.price_cents);

const tiers = async (type: string) =>
  queryRows<{
    min_quantity: number;
    max_quantity: number | null;
    unit_price_cents: number;
  }>(
    sql`select min_quantity, max_quantity, unit_price_cents from wholesale_pricing where product_type = ${type} order by min_quantity`,
  );

describe("guards", () => {
  test("a customer is sent to / with 'Acesso negado' on every loader and action, and nothing is written", async () => {
    const before = await colourCount("bandana");
    const attempts: Array<[Handler, string, Form | undefined]> = [
      [bandanasLoader as Handler, "/admin/personalizacao/bandanas", undefined],
      [
        bandanasAction as Handler,
        "/admin/personalizacao/bandanas",
        { intent: "add-colour", name: "Intrusa", hexCode: "#123456" },
      ],
      [collarsLoader as Handler, "/admin/personalizacao/colares", undefined],
      [
        collarsAction as Handler,
        "/admin/personalizacao/colares",
        { intent: "save-base-price", price: "0" },
      ],
      [wholesaleLoader as Handler, "/admin/atacado", undefined],
      [
        wholesaleAction as Handler,
        "/admin/atacado",
        { intent: "save-extra", extra: "sideName", price: "0" },
      ],
    ];
    for (const [handler, url, form] of attempts) {
      const result = await call(handler, url, {
        cookie: customer.cookie,
        form,
      });
      expect(statusOf(result), url).toBe(302);
      expect((result as Response).headers.get("location")).toBe("/");
      expect(await toastOf(result)).toMatchObject({
        type: "error",
        title: "Acesso negado",
      });
    }
    const anonymous = await call(
      bandanasAction as Handler,
      "/admin/personalizacao/bandanas",
      { form: { intent: "delete-colour", id: crypto.randomUUID() } },
    );
    expect((anonymous as Response).headers.get("location")).toMatch(/^\/auth/);
    expect(await colourCount("bandana")).toBe(before);
    expect(await variantPrices("guia-personalizada-base-colares")).toEqual([
      1990,
    ]);
    expect(await variantPrices("atacado-nome-lateral")).toEqual([100]);
  });
});

describe("/admin/personalizacao/bandanas", () => {
  const url = "/admin/personalizacao/bandanas";

  test("the admin adds (display order = count), toggles and deletes a colour", async () => {
    const page = dataOf<{
      colours: Array<{ name: string; displayOrder: number }>;
      items: unknown[];
    }>(await call(bandanasLoader as Handler, url, { cookie: admin.cookie }));
    const count = page.colours.length;
    expect(count).toBeGreaterThan(0);
    expect(page.items.length).toBeGreaterThan(0);

    const added = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: {
        intent: "add-colour",
        name: "Xadrez Lilás",
        hexCode: "#c4b5fd",
        isPattern: "on",
      },
    });
    expect(statusOf(added)).toBe(200);
    expect(dataOf(added)).toEqual({
      ok: true,
      message: "Cor adicionada com sucesso!",
    });
    expect(await toastOf(added)).toMatchObject({
      type: "success",
      title: "Cor adicionada com sucesso!",
    });
    const [row] = await queryRows<{
      id: string;
      display_order: number;
      is_pattern: boolean;
      is_active: boolean;
      hex_code: string;
    }>(
      sql`select id, display_order, is_pattern, is_active, hex_code from color_options where name = 'Xadrez Lilás' and product_type = 'bandana'`,
    );
    expect(row).toMatchObject({
      display_order: count,
      is_pattern: true,
      is_active: true,
      hex_code: "#C4B5FD",
    });

    const toggled = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "toggle-colour", id: row!.id, active: "false" },
    });
    expect(dataOf(toggled)).toEqual({
      ok: true,
      message: "Status atualizado!",
    });
    const [afterToggle] = await queryRows<{ is_active: boolean }>(
      sql`select is_active from color_options where id = ${row!.id}`,
    );
    expect(afterToggle?.is_active).toBe(false);

    const deleted = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "delete-colour", id: row!.id },
    });
    expect(dataOf(deleted)).toEqual({
      ok: true,
      message: "Cor removida com sucesso!",
    });
    expect(await colourCount("bandana")).toBe(count);
    const again = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "delete-colour", id: row!.id },
    });
    expect(statusOf(again)).toBe(400);
    expect(await toastOf(again)).toMatchObject({
      type: "error",
      title: "Erro ao remover cor",
    });
  });

  test("a bad hex is a Portuguese 400 and nothing is written", async () => {
    const before = await colourCount("bandana");
    const refused = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "add-colour", name: "Vermelho", hexCode: "red" },
    });
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused)).toMatchObject({
      ok: false,
      message: "Informe a cor no formato #RRGGBB (ex.: #F472B6).",
      field: "hexCode",
    });
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      title: "Erro ao adicionar cor",
    });
    const tooLong = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "add-colour", name: "x".repeat(41), hexCode: "#FFFFFF" },
    });
    expect(statusOf(tooLong)).toBe(400);
    expect(await colourCount("bandana")).toBe(before);
  });

  test("an item price save changes the add-on product's variant price (exact cents)", async () => {
    const [item] = await queryRows<{
      id: string;
      addon_product_handle: string;
      price_cents: number;
    }>(
      sql`select id, addon_product_handle, price_cents from personalization_items
				where product_type = 'bandana' and addon_product_handle is not null order by display_order limit 1`,
    );
    expect(item).toBeDefined();
    const saved = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "save-price", id: item!.id, price: "29,90" },
    });
    expect(dataOf(saved)).toEqual({ ok: true, message: "Preço atualizado!" });
    const prices = await variantPrices(item!.addon_product_handle);
    expect(prices.length).toBeGreaterThan(0);
    expect(new Set(prices)).toEqual(new Set([2990]));
    const [after] = await queryRows<{ price_cents: number }>(
      sql`select price_cents from personalization_items where id = ${item!.id}`,
    );
    expect(after?.price_cents).toBe(2990);

    const refused = await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "save-price", id: item!.id, price: "-1" },
    });
    expect(statusOf(refused)).toBe(400);
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      title: "Erro ao atualizar preço",
    });
    expect(new Set(await variantPrices(item!.addon_product_handle))).toEqual(
      new Set([2990]),
    );
    await call(bandanasAction as Handler, url, {
      cookie: admin.cookie,
      form: {
        intent: "save-price",
        id: item!.id,
        price: String(item!.price_cents / 100),
      },
    });
  });
});

describe("/admin/personalizacao/colares", () => {
  const url = "/admin/personalizacao/colares";

  test("a base price save changes the base product price, which is what the shopper is charged (decision 134)", async () => {
    expect(
      dataOf<{ basePriceCents: number }>(
        await call(collarsLoader as Handler, url, { cookie: admin.cookie }),
      ).basePriceCents,
    ).toBe(1990);
    const saved = await call(collarsAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "save-base-price", price: "22.50" },
    });
    expect(dataOf(saved)).toEqual({
      ok: true,
      message: "Preço base atualizado!",
    });
    expect(await variantPrices("guia-personalizada-base-colares")).toEqual([
      2250,
    ]);
    // The shopper's side, on the server: the builder's add and the cart charge the owner's 22,50.
    const shopper = new Headers({ cookie: `${VISITOR_COOKIE_NAME}=${randomUUID()}` });
    const added = await addPersonalizedCollar(
      { request: new Request("http://loja.test/personalize-colares", { headers: shopper }), userId: null },
      { colour: "Roxo", quantity: "10" },
    );
    expect(added.body).toMatchObject({ ok: true, totalCents: 10 * 2250 });
    const cartCookie = added.headers.getSetCookie().find((c) => c.startsWith(`${CART_COOKIE_NAME}=`))?.split(";")[0];
    const cart = await getCartView(
      new Request("http://loja.test/cart", { headers: { cookie: `${shopper.get("cookie")}; ${cartCookie}` } }),
      null,
    );
    const lines = cart.lines.filter((line) => !line.isGift);
    expect(lines.map((line) => [line.quantity, line.unitPriceCents, line.totalCents])).toEqual([[10, 2250, 22_500]]);
    expect(cart.subtotalCents).toBe(22_500);
    // Nothing else holds a collar base price that could disagree.
    expect(
      await queryRows(sql`select 1 from personalization_settings where setting_type = 'collar' and setting_key = 'base_price_cents'`),
    ).toEqual([]);
    const refused = await call(collarsAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "save-base-price", price: "abc" },
    });
    expect(statusOf(refused)).toBe(400);
    expect(await variantPrices("guia-personalizada-base-colares")).toEqual([
      2250,
    ]);
    await call(collarsAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "save-base-price", price: "19,90" },
    });
  });

  test("a collar colour never gets the checkered pattern", async () => {
    const count = await colourCount("collar");
    const added = await call(collarsAction as Handler, url, {
      cookie: admin.cookie,
      form: {
        intent: "add-colour",
        name: "Menta",
        hexCode: "#99F6E4",
        isPattern: "on",
      },
    });
    expect(dataOf(added)).toEqual({
      ok: true,
      message: "Cor adicionada com sucesso!",
    });
    const [row] = await queryRows<{
      id: string;
      display_order: number;
      is_pattern: boolean;
    }>(
      sql`select id, display_order, is_pattern from color_options where name = 'Menta' and product_type = 'collar'`,
    );
    expect(row).toMatchObject({ display_order: count, is_pattern: false });
    await call(collarsAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "delete-colour", id: row!.id },
    });
  });
});

describe("/admin/atacado", () => {
  const url = "/admin/atacado";
  const tierForm = (
    kind: string,
    rows: Array<[string, string, string]>,
  ): Array<[string, string]> => [
    ["intent", "save-tiers"],
    ["kind", kind],
    ...rows.flatMap(([min, max, price]): Array<[string, string]> => [
      ["min", min],
      ["max", max],
      ["price", price],
    ]),
  ];

  test("a gapped or overlapping table is refused with the message, keeps what was typed, and nothing changes", async () => {
    const before = await tiers("bandana");
    expect(before.length).toBeGreaterThan(0);
    const gapped: Array<[string, string, string]> = [
      ["10", "20", "15,00"],
      ["30", "", "13,00"],
    ];
    const gap = await call(wholesaleAction as Handler, url, {
      cookie: admin.cookie,
      form: tierForm("bandana", gapped),
    });
    expect(statusOf(gap)).toBe(400);
    expect(dataOf(gap)).toMatchObject({
      ok: false,
      message: "Há um intervalo sem preço entre 20 e 30 unidades.",
      kind: "bandana",
      rows: gapped.map(([min, max, price]) => ({ min, max, price })),
    });
    expect(await toastOf(gap)).toMatchObject({
      type: "error",
      title: "Erro ao atualizar preço",
    });
    const overlap = await call(wholesaleAction as Handler, url, {
      cookie: admin.cookie,
      form: tierForm("bandana", [
        ["10", "25", "15"],
        ["21", "", "13"],
      ]),
    });
    expect(statusOf(overlap)).toBe(400);
    expect(dataOf(overlap)).toMatchObject({
      ok: false,
      message: "As faixas 10–25 e 21–sem limite se sobrepõem.",
    });
    expect(await tiers("bandana")).toEqual(before);
  });

  test("a valid table replaces the rows of that type only", async () => {
    const collarsBefore = await tiers("collar");
    const saved = await call(wholesaleAction as Handler, url, {
      cookie: admin.cookie,
      form: tierForm("bandana", [
        ["10", "49", "14,90"],
        ["50", "", "11.50"],
      ]),
    });
    expect(statusOf(saved)).toBe(200);
    expect(dataOf(saved)).toEqual({ ok: true, message: "Preço atualizado!" });
    expect(await tiers("bandana")).toEqual([
      { min_quantity: 10, max_quantity: 49, unit_price_cents: 1490 },
      { min_quantity: 50, max_quantity: null, unit_price_cents: 1150 },
    ]);
    expect(await tiers("collar")).toEqual(collarsBefore);
    const page = dataOf<{ bandana: unknown[] }>(
      await call(wholesaleLoader as Handler, url, { cookie: admin.cookie }),
    );
    expect(page.bandana).toHaveLength(2);
  });

  test("a wholesale extra updates the setting and its product", async () => {
    const saved = await call(wholesaleAction as Handler, url, {
      cookie: admin.cookie,
      form: { intent: "save-extra", extra: "extraButton", price: "0,75" },
    });
    expect(dataOf(saved)).toEqual({ ok: true, message: "Preço atualizado!" });
    expect(await variantPrices("atacado-botao-extra")).toEqual([75]);
    const [setting] = await queryRows<{ setting_value: string }>(
      sql`select setting_value from personalization_settings where setting_type = 'wholesale_bandana' and setting_key = 'extra_button_cents'`,
    );
    expect(setting?.setting_value).toBe("75");
  });
});
