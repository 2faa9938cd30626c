#!/usr/bin/env python3
"""Checks the relative links of every Markdown file in the repository: each must name a file
that exists, and an anchor a heading of that file (as a repository's web page makes anchors
from headings). Links to the web and rustdoc's intra-doc links (`crate::...`, which
`cargo doc -D warnings` checks) are left alone. Prints each broken link and exits 1 if any."""

import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INLINE = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s+(\S+)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def prose(text):
    """The lines of `text` outside fenced code blocks, with code spans blanked out."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        if fence is None and stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            continue
        yield number, re.sub(r"`[^`]*`", "``", line)


def slug(heading):
    heading = heading.replace("`", "").strip().lower()
    heading = re.sub(r"[^\w\- ]", "", heading)
    return heading.replace(" ", "-")


def anchors(path):
    found = set()
    with open(path, encoding="utf-8") as file:
        fence = None
        for line in file:
            stripped = line.lstrip()
            if stripped.startswith(("```", "~~~")):
                fence = None if fence else stripped[:3]
                continue
            match = None if fence else HEADING.match(line)
            if match:
                base = slug(match.group(1))
                name, n = base, 1
                while name in found:
                    name, n = f"{base}-{n}", n + 1
                found.add(name)
    return found


def targets(path):
    with open(path, encoding="utf-8") as file:
        text = file.read()
    for number, line in prose(text):
        for match in INLINE.finditer(line):
            yield number, match.group(1)
        match = DEFINITION.match(line)
        if match:
            yield number, match.group(1)


def main():
    files = subprocess.run(
        ["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    broken = 0
    checked = 0
    for name in files:
        path = os.path.join(ROOT, name)
        for number, target in targets(path):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target == "crate" or target.startswith("crate::"):
                continue
            checked += 1
            file_part, _, anchor = target.partition("#")
            linked = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            problem = None
            if not os.path.exists(linked):
                problem = "no such file"
            elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
                problem = f"no heading for #{anchor}"
            if problem:
                broken += 1
                print(f"{name}:{number}: {target}: {problem}")
    print(f"links: {checked} relative links checked, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
