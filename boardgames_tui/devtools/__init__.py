"""Tools for the people who build the app, not shipped screens: the key-latency measurement
(`boardgames bench`) and the gallery of the table kit (`boardgames gallery`)."""
