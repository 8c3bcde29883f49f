// The AsyncHTTPClient transport: being built (issue 3).
