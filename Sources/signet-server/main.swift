print("signet-server: being built (issue 3)")
