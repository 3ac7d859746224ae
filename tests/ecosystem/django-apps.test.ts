import { describe, expect, it } from 'vitest';
import { djangoSetupFiles } from '../../src/ecosystem/python/django-apps.js';

const files = (tree: Record<string, string>) => ({ paths: Object.keys(tree).sort(), read: (p: string) => tree[p] ?? null });

const APP = { 'blog/__init__.py': '', 'blog/apps.py': '', 'blog/models.py': '', 'blog/admin.py': '', 'blog/views.py': '', 'blog/signals.py': '' };

describe('djangoSetupFiles: what Django loads before every test', () => {
  it("takes the named settings module and each installed application's package, apps, models and, with the admin, admin", () => {
    const tree = files({
      ...APP,
      'proj/__init__.py': '',
      'proj/settings.py': 'INSTALLED_APPS = [\n    "django.contrib.admin",  # the admin\n    "blog.apps.BlogConfig",\n    "missing",\n]\n',
      'blog/migrations/__init__.py': '',
      'blog/migrations/0001_initial.py': '',
      'other/migrations/0001_initial.py': '',
    });
    expect(djangoSetupFiles(tree, ['proj.settings'])).toEqual([
      'blog/__init__.py',
      'blog/admin.py',
      'blog/apps.py',
      'blog/migrations/0001_initial.py',
      'blog/migrations/__init__.py',
      'blog/models.py',
      'proj/settings.py',
    ]);
  });

  it('reads split settings, additions and the settings module manage.py names; no admin, no admin.py', () => {
    const tree = files({
      ...APP,
      'shop/__init__.py': '',
      'shop/models/__init__.py': '',
      'backend/manage.py': 'import os\nos.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")\n',
      'backend/config/__init__.py': '',
      'backend/config/settings/__init__.py': '',
      'backend/config/settings/base.py': 'LOCAL_APPS = ("blog",)\nINSTALLED_APPS = ["django.contrib.auth"] + LOCAL_APPS\n',
      'backend/config/settings/dev.py': 'from .base import *\nINSTALLED_APPS += ["shop"]\n',
    });
    expect(djangoSetupFiles(tree, [])).toEqual(['backend/config/settings/dev.py', 'blog/__init__.py', 'blog/apps.py', 'blog/models.py', 'shop/__init__.py', 'shop/models/__init__.py']);
  });

  it('takes the modules of the tree a settings string names: the URLconf, a middleware class, not a mock target in a conftest', () => {
    const tree = files({
      ...APP,
      'proj/__init__.py': '',
      'proj/urls.py': '',
      'proj/settings.py': 'ROOT_URLCONF = "proj.urls"\nMIDDLEWARE = ["django.middleware.common.CommonMiddleware", "blog.middleware.Stamp"]\n',
      'blog/middleware.py': '',
      'tests/conftest.py': 'from unittest import mock\n\npatcher = mock.patch("blog.views.index")\n',
    });
    expect(djangoSetupFiles(tree, ['proj.settings'])).toEqual(['blog/middleware.py', 'proj/settings.py', 'proj/urls.py']);
    const configured = files({ ...APP, 'proj/__init__.py': '', 'proj/urls.py': '', 'conftest.py': 'from django.conf import settings\nsettings.configure(ROOT_URLCONF="proj.urls", INSTALLED_APPS=[])\nx = "blog.views"\n' });
    expect(djangoSetupFiles(configured, [])).toEqual(['proj/urls.py']);
  });

  it("takes every module of an application's templatetags, which the first template engine imports", () => {
    const conftest = 'from django.conf import settings\n\ndef pytest_configure():\n    settings.configure(INSTALLED_APPS=["blog"])\n';
    const tags = { 'blog/templatetags/__init__.py': '', 'blog/templatetags/money.py': '', 'blog/templatetags/notes.txt': '', 'blog/templatetags/test_money.py': '', 'other/templatetags/x.py': '' };
    expect(djangoSetupFiles(files({ ...APP, ...tags, 'conftest.py': conftest }), [])).toEqual(['blog/__init__.py', 'blog/apps.py', 'blog/models.py', 'blog/templatetags/__init__.py', 'blog/templatetags/money.py']);
  });

  it('takes the applications a conftest configures, and nothing where nothing sets Django up', () => {
    const conftest = 'from django.conf import settings\n\ndef pytest_configure():\n    settings.configure(INSTALLED_APPS=["blog"])\n';
    expect(djangoSetupFiles(files({ ...APP, 'conftest.py': conftest }), [])).toEqual(['blog/__init__.py', 'blog/apps.py', 'blog/models.py']);
    // An example project's settings in the docs, with nothing running Django for the tests; a
    // Flask-Script manage.py and another library's settings.configure() are no Django either.
    expect(djangoSetupFiles(files({ ...APP, 'docs/example/settings.py': 'INSTALLED_APPS = ["blog"]\n' }), [])).toEqual([]);
    const flask = { 'manage.py': 'from flask_script import Manager\n', 'conftest.py': 'from dynaconf import settings\nsettings.configure(ROOT="blog.views")\n', 'settings.py': 'HANDLER = "blog.views"\n' };
    expect(djangoSetupFiles(files({ ...APP, ...flask }), [])).toEqual([]);
  });
});
