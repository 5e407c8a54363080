"""The package list, found rather than typed (everything else is in pyproject.toml).

Namespace discovery finds every ``bolivia_*`` package, its subpackages and every data folder inside one (a
``locale/LANG/LC_MESSAGES`` beside a package's modules), so a new package or catalogue needs no edit here;
pyproject.toml's package-data says which of their files install. The widgets live in ``widgets/`` but
install as ``bolivia_widgets``: no bare ``widgets`` module.
"""

from setuptools import find_namespace_packages, setup

NOT_PACKAGES = ["*.__pycache__"]
engine = find_namespace_packages(include=["bolivia_*"], exclude=NOT_PACKAGES)
widgets = find_namespace_packages(include=["widgets", "widgets.*"], exclude=NOT_PACKAGES)

setup(
    packages=engine + ["bolivia_widgets" + name.removeprefix("widgets") for name in widgets],
    package_dir={"bolivia_widgets": "widgets"},
)
