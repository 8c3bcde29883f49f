// The reference server: being built (issue 3).
