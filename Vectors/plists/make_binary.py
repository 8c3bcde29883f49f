#!/usr/bin/env python3
"""Writes the binary plist vectors with Python's plistlib, independently of Signet's writer.

Run from this folder: python3 make_binary.py
Outputs:
  real-server.binary.python.plist   the real-server shape (all values strings), same data as
                                    real-server.openstep.plist and real-server.xml.plist
  number-ids.binary.python.plist    ids and status ids as integers, serverVersion as an integer
  binary-truncated.plist            real-server.binary.python.plist without its last 10 bytes
  deep-nesting.binary.python.plist  a world list nested in 100 arrays (deeper than the limit of 64)
"""
import plistlib

BACKEND = "http://backend2.lordsandknights.com/XYRALITY/WebObjects/LKWorldServer-{}.woa"
MAPS = "http://maps2.lordsandknights.com/v2/LKWorldServer-{}"


def world(wid, name, country, language, server, status_description, status_id):
    return {
        "country": country,
        "id": wid,
        "language": language,
        "mapURL": MAPS.format(server),
        "name": name,
        "url": BACKEND.format(server),
        "worldStatus": {"description": status_description, "id": status_id},
    }


real_server = {
    "allAvailableWorlds": [
        world("126", "Australia 6 (recommended)", "AU", "en", "AU-6", "online", "3"),
        world("58", "Deutschland 14", "DE", "de", "DE-14", "online", "3"),
        world("17", "English 2", "GB", "en", "GB-2", "offline", "1"),
    ],
    "newsURL": "http://www.lordsandknights.com/news",
    "serverVersion": "3.2.1",
    "time": "2016-03-01 12:00:00 +0000",
}

number_ids = {
    "allAvailableWorlds": [
        world(126, "Australia 6 (recommended)", "AU", "en", "AU-6", "online", 3),
        world(212, "\u00d6sterreich 1", "AT", "de", "AT-1", "online", 3),
    ],
    "serverVersion": 3,
}

deep = []
inner = deep
for _ in range(99):
    nested = []
    inner.append(nested)
    inner = nested
deep_nesting = {"allAvailableWorlds": deep}


def write(name, value):
    data = plistlib.dumps(value, fmt=plistlib.FMT_BINARY)
    with open(name, "wb") as file:
        file.write(data)
    return data


data = write("real-server.binary.python.plist", real_server)
with open("binary-truncated.plist", "wb") as file:
    file.write(data[:-10])
write("number-ids.binary.python.plist", number_ids)
write("deep-nesting.binary.python.plist", deep_nesting)
