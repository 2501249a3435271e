import { FREE_SHIPPING_FROM } from "../cart/cart";
import { productArt } from "../catalogue/art";
import { COLLECTIONS, type Collection, formatMoney, PRODUCTS, type Product } from "../catalogue/catalogue";
import { html, type SafeHtml } from "./html";
import { laurelBlock, layout, type PageContext, REGISTER_PATH, STORE_PATH } from "./layout";

function priceTag(p: Product): SafeHtml {
  return html`<span class="price">${formatMoney(p.price)}</span>${
    p.compareAtPrice ? html`<span class="was">${formatMoney(p.compareAtPrice)}</span>` : ""
  }`;
}

function productCard(p: Product): SafeHtml {
  return html`<li class="card"><a href="${STORE_PATH}/products/${p.handle}">${productArt(p, 240)}<h3>${p.title}</h3>${priceTag(p)}</a></li>`;
}

/** `invited`: the shopper landed from a friend's referral link (`?ref=CODE`) and is not signed in. */
export function homePage(ctx: PageContext, opts: { invited?: boolean } = {}): string {
  return layout(
    ctx,
    "home",
    "Home",
    html`${
      opts.invited
        ? html`<p class="note" data-testid="referral-invite">A friend invited you to the Laurel Demo Store. <a href="${REGISTER_PATH}">Create an account</a> to get your welcome reward.</p>`
        : ""
    }<section class="hero">
<h1>Good things, rewarded</h1>
<p>Everyday goods from the Laurel Demo Store. Sign in or create an account to earn points on every order, then spend them on rewards at checkout.</p>
<a class="btn" href="${STORE_PATH}/collections/all">Shop everything</a>
</section>
<h2>Featured products</h2>
<ul class="grid">${PRODUCTS.map(productCard)}</ul>
<h2 style="margin-top:32px">Collections</h2>
<ul class="grid">${COLLECTIONS.map(
      (c) =>
        html`<li class="card"><a class="panel" href="${STORE_PATH}/collections/${c.handle}"><h3>${c.title}</h3><span class="muted">${
          PRODUCTS.filter((p) => p.collection === c.handle).length
        } products</span></a></li>`,
    )}</ul>`,
  );
}

export function collectionPage(ctx: PageContext, collection: Collection | null): string {
  const products = collection ? PRODUCTS.filter((p) => p.collection === collection.handle) : PRODUCTS;
  const title = collection?.title ?? "All products";
  return layout(
    ctx,
    "collection",
    title,
    html`<div class="crumbs"><a href="${STORE_PATH}">Home</a> / ${title}</div>
<h1>${title}</h1>
<p class="muted">${COLLECTIONS.map(
      (c) => html`<a href="${STORE_PATH}/collections/${c.handle}">${c.title}</a> · `,
    )}<a href="${STORE_PATH}/collections/all">All</a></p>
<ul class="grid">${products.map(productCard)}</ul>`,
  );
}

/** The review form of the store's review app (Laurel issue 15), shown when one is connected. */
export interface ReviewFormState {
  enabled: boolean;
  /** After a post: `sent` or `failed`. */
  result: string | null;
}

function reviewSection(ctx: PageContext, p: Product, review: ReviewFormState) {
  if (!review.enabled) return "";
  const notice =
    review.result === "sent"
      ? html`<p class="notice" role="status" data-testid="review-sent">Thanks! Your review was sent.</p>`
      : review.result === "failed"
        ? html`<p class="notice error" role="alert" data-testid="review-failed">Your review could not be sent. Please try again.</p>`
        : "";
  const form = ctx.shopper
    ? html`<form method="post" action="${STORE_PATH}/products/${p.handle}/reviews" data-testid="review-form">
<label for="rating">Rating</label>
<select id="rating" name="rating">${[5, 4, 3, 2, 1].map((n) => html`<option value="${String(n)}">${"★".repeat(n)}</option>`)}</select>
<label for="review-content">Your review</label>
<textarea id="review-content" name="content" rows="4" maxlength="2000" required></textarea>
<label><input type="checkbox" name="media"> I added a photo</label>
<button class="btn" type="submit">Send review</button>
</form>`
    : html`<p class="muted">Sign in to write a review.</p>`;
  return html`<section id="reviews" style="margin-top:40px"><h2>Reviews</h2>${notice}${form}</section>`;
}

export function productPage(
  ctx: PageContext,
  p: Product,
  review: ReviewFormState = { enabled: false, result: null },
): string {
  const collection = COLLECTIONS.find((c) => c.handle === p.collection);
  const related = PRODUCTS.filter((x) => x.handle !== p.handle && !x.giftCard).slice(0, 3);
  return layout(
    ctx,
    "product",
    p.title,
    html`<div class="crumbs"><a href="${STORE_PATH}">Home</a> / ${
      collection
        ? html`<a href="${STORE_PATH}/collections/${collection.handle}">${collection.title}</a> / `
        : ""
    }${p.title}</div>
<article class="product" data-product-id="${p.productId}">
<div>${productArt(p, 520)}</div>
<div>
<p class="muted">${p.vendor}</p>
<h1>${p.title}</h1>
<p>${priceTag(p)}</p>
${p.giftCard ? "" : laurelBlock("points", "product-points", "Earn {{points}} with this purchase", { amount: p.price })}
<p>${p.summary}</p>
<form method="post" action="${STORE_PATH}/cart/add">
<input type="hidden" name="handle" value="${p.handle}">
<label for="qty">Quantity</label>
<div class="row"><input id="qty" type="number" name="quantity" value="1" min="1" max="20" inputmode="numeric">
<button class="btn" type="submit">Add to cart</button></div>
</form>
<h2 style="margin-top:24px">Details</h2>
<ul>${p.details.map((d) => html`<li>${d}</li>`)}</ul>
<p class="muted">SKU ${p.sku}${p.giftCard ? "" : html` · Ships in 1–2 business days · Free shipping over ${formatMoney(FREE_SHIPPING_FROM)}`}</p>
</div>
</article>
${reviewSection(ctx, p, review)}
<h2 style="margin-top:40px">You may also like</h2>
<ul class="grid">${related.map(productCard)}</ul>`,
    p.summary,
  );
}
