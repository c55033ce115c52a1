/** What "New" puts in the editor: a small valid template to start from. */
export const NEW_TEMPLATE = `id: my-template

info:
  name: My template
  author: me
  severity: info
  tags: custom

http:
  - method: GET
    path:
      - "{{BaseURL}}/"
    matchers:
      - type: status
        status:
          - 200
`;
