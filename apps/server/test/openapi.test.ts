/**
 * The open API (issue 18 part 5, decisions/0126): the OpenAPI 3.1 document validates against the specification's
 * schema, and every route the server registers is in it (the routes come from the application itself, so a route
 * added later is checked too); the interactive page is served.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';

describe('the OpenAPI document', () => {
  let t: TestApp;
  const registered = new Set<string>();

  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {},
      {
        onRoute: (route) => {
          for (const method of [route.method].flat())
            if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
        },
      },
    );
  });
  afterAll(() => t.close());

  const document = async () => {
    const response = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
    };
  };

  it('is OpenAPI 3.1 and valid', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every route the server registers, with its method', async () => {
    const doc = await document();
    // The documentation's own routes (the page, its assets, the document) are not calls of the platform.
    const calls = [...registered].filter((route) => !route.split(' ')[1]!.startsWith('/api/docs'));
    expect(calls.length).toBeGreaterThan(100);
    const missing = calls.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      // The spec's trailing-slash spelling is documented on its twin (DELETE /api/v1/bids/, decisions/0254).
      const path = url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/(.)\/$/, '$1');
      return !doc.paths[path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('describes requests and replies from the zod contracts', async () => {
    const doc = (await document()) as unknown as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: unknown;
            responses: Record<
              string,
              {
                content: Record<
                  string,
                  { schema: { properties?: Record<string, { properties?: Record<string, unknown> }> } }
                >;
              }
            >;
          }
        >
      >;
    };
    const list = doc.paths['/api/v1/briefcases']!.get!;
    expect(list.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['auction_type', 'status', 'page']),
    );
    const data = list.responses['200']!.content['application/json']!.schema.properties!.data!;
    expect(Object.keys(data.properties!)).toEqual(expect.arrayContaining(['briefcases', 'total_pages']));
    expect(doc.paths['/api/v1/bids']!.post!.requestBody).toBeDefined();
    expect(
      Object.keys(doc.paths['/api/v1/briefcases/{id}/zip_documents']!.get!.responses['200']!.content),
    ).toEqual(['application/zip']);
    // The same files at the spec's own paths (spec 2 §7), with the signed link's parameter (decisions/0250).
    const spec = doc.paths['/briefcases/{id}/lots_report']!.get!;
    expect(Object.keys(spec.responses['200']!.content)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(spec.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(
      expect.arrayContaining(['path id', 'query signature']),
    );
    expect(doc.paths['/api/v1/briefcases/{id}/download_link']!.post!.requestBody).toBeDefined();
  });

  it('declares both forms of the prediction: flags nested in `flags` and flags as plain fields (spec 2 §3)', async () => {
    type Schema = {
      anyOf?: Schema[];
      properties?: Record<string, Schema>;
      items?: Schema;
      required?: string[];
    };
    const doc = (await document()) as unknown as {
      paths: Record<
        string,
        { post: { requestBody: { content: { 'application/json': { schema: Schema } } } } }
      >;
    };
    const body =
      doc.paths['/api/v1/predicted_price/predict']!.post.requestBody.content['application/json'].schema;
    const forms = body.properties!.lot_params!.items!.anyOf!;
    expect(forms).toHaveLength(2);
    const [nested, flat] = forms as [Schema, Schema];
    expect(nested.required).toContain('flags');
    expect(Object.keys(nested.properties!.flags!.properties!)).toContain('dead');
    expect(flat.properties).toHaveProperty('dead');
    expect(flat.properties).toHaveProperty('impossibility_act');
    // A flag is a share 0..1, a boolean or the text "0" / "1".
    const kinds = (flat.properties!.dead as { anyOf: { type: string }[] }).anyOf.map((s) => s.type);
    expect(kinds).toEqual(['number', 'boolean', 'string']);
  });

  it('serves the interactive page at /api/docs', async () => {
    const page = await t.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
  });
});
