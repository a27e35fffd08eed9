// Swagger UI over this service's own contract. Try-it-out goes to this origin whatever the
// document's `servers` says (the CSP allows no other), and nothing is fetched from elsewhere.
window.ui = SwaggerUIBundle({
  url: '/openapi.yaml',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: false,
  validatorUrl: null,
  displayOperationId: true,
  defaultModelsExpandDepth: 0,
  requestInterceptor: function (req) {
    var u = new URL(req.url, window.location.href);
    req.url = window.location.origin + u.pathname + u.search;
    return req;
  }
});
