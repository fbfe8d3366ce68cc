# Every sandbox area that python-gitlab (3.12) covers, driven through its library in one process (one
# interpreter start instead of ~40 CLI runs). Usage: python3 python-gitlab-areas.py CONFIG_FILE
# Prints one JSON object: area -> what came back, or {"error": "..."} when python-gitlab tripped.
# UserWarnings (python-gitlab's "The base URL in the server response differs ...") are errors here.
import json
import sys
import warnings

import gitlab

warnings.simplefilter("error", UserWarning)

gl = gitlab.Gitlab.from_config("sandbox", [sys.argv[1]])
gl.auth()  # GET /user, and the check of its web_url against the configured URL
results = {"current_user": {"username": gl.user.username, "web_url": gl.user.web_url}}
project = gl.projects.get("acme/platform/api", lazy=True)
website = gl.projects.get("acme/website", lazy=True)
acme = gl.groups.get("acme", lazy=True)

SSH_KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl python-gitlab@example"


def area(name):
    def run(fn):
        try:
            results[name] = fn()
        except Exception as error:  # the test names the area and python-gitlab's message
            results[name] = {"error": f"{type(error).__name__}: {error}"}
        return fn

    return run


@area("instance variables (variable)")
def _():
    created = gl.variables.create({"key": "PG_AREA", "value": "one", "masked": False})
    got = gl.variables.get("PG_AREA")
    got.value = "two"
    got.save()
    updated = gl.variables.get("PG_AREA").value
    listed = [v.key for v in gl.variables.list(get_all=True)]
    gl.variables.delete("PG_AREA")
    return {"created": created.value, "updated": updated, "listed": "PG_AREA" in listed,
            "after_delete": "PG_AREA" in [v.key for v in gl.variables.list(get_all=True)]}


@area("group labels (group-label)")
def _():
    created = acme.labels.create({"name": "pg-group", "color": "#00aa00"})
    got = acme.labels.get("pg-group")
    listed = [l.name for l in acme.labels.list(get_all=True)]
    got.delete()
    return {"created": created.name, "id": got.id, "listed": "pg-group" in listed,
            "after_delete": "pg-group" in [l.name for l in acme.labels.list(get_all=True)]}


@area("group milestones (group-milestone)")
def _():
    created = acme.milestones.create({"title": "pg-milestone", "description": "from python-gitlab"})
    got = acme.milestones.get(created.id)
    listed = [m.title for m in acme.milestones.list(get_all=True)]
    got.delete()
    return {"created": created.title, "got": got.title, "web_url": got.web_url, "listed": "pg-milestone" in listed,
            "after_delete": "pg-milestone" in [m.title for m in acme.milestones.list(get_all=True)]}


def wiki_lifecycle(owner, title, content):
    created = owner.wikis.create({"title": title, "content": content})
    got = owner.wikis.get(created.slug)
    listed = [w.slug for w in owner.wikis.list(get_all=True)]
    got.delete()
    return {"slug": created.slug, "content": got.content, "listed": created.slug in listed,
            "after_delete": created.slug in [w.slug for w in owner.wikis.list(get_all=True)]}


area("project wikis (project-wiki)")(lambda: wiki_lifecycle(website, "PG Page", "hello"))
area("group wikis (group-wiki)")(lambda: wiki_lifecycle(acme, "pg/nested", "hi"))


@area("project deploy keys (project-key)")
def _():
    created = website.keys.create({"title": "pg-key", "key": SSH_KEY, "can_push": False})
    got = website.keys.get(created.id)
    listed = [k.id for k in website.keys.list(get_all=True)]
    got.delete()
    return {"title": got.title, "listed": created.id in listed,
            "after_delete": created.id in [k.id for k in website.keys.list(get_all=True)]}


@area("instance deploy keys (deploy-key)")
def _():
    return {"titles": sorted(k.title for k in gl.deploykeys.list(get_all=True))}


@area("SSH key lookup (key)")
def _():
    by_id = gl.keys.get(1)
    deploy_key = gl.deploykeys.list(get_all=True)[0]
    by_fingerprint = gl.keys.get(fingerprint=deploy_key.fingerprint)  # GET /keys?fingerprint=...
    return {"title": by_id.title, "owner": by_id.user["username"], "by_fingerprint": [by_fingerprint.id, deploy_key.id]}


@area("users (user)")
def _():
    user = gl.users.get(2)
    return {"username": user.username, "web_url": user.web_url}


@area("feature flags (feature)")
def _():
    feature = gl.features.set("labels_archive", True)
    listed = {f.name: f.state for f in gl.features.list(get_all=True)}
    gl.features.delete("labels_archive")
    after = {f.name: f.state for f in gl.features.list(get_all=True)}
    return {"set": feature.state, "listed": listed.get("labels_archive"), "after_delete": after.get("labels_archive")}


@area("remote mirrors (project-remote-mirror)")
def _():
    created = website.remote_mirrors.create({"url": "https://bot:secret@mirror.example.com/acme/website.git", "enabled": False})
    created.enabled = True
    created.only_protected_branches = True
    created.save()
    listed = {m.id: m.url for m in website.remote_mirrors.list(get_all=True)}
    return {"url": created.url, "enabled": created.enabled, "listed": listed.get(created.id)}


@area("project clusters (project-cluster)")
def _():
    # The spec names the attributes platform_orchestrator_attributes; python-gitlab sends the platform's
    # own name, which the sandbox reads as well.
    attributes = {"api_url": "https://k8s.example.com", "token": "cluster-token"}
    created = website.clusters.create({"name": "pg-cluster", "platform_kubernetes_attributes": attributes})
    got = website.clusters.get(created.id)
    listed = [c.name for c in website.clusters.list(get_all=True)]
    got.delete()
    return {"name": got.name, "listed": "pg-cluster" in listed,
            "after_delete": "pg-cluster" in [c.name for c in website.clusters.list(get_all=True)]}


@area("project iterations (ProjectIterationManager)")
def _():
    # python-gitlab 3.12 wires `project.iterations` to the group path (/groups/:id/iterations, which the
    # spec does not have); its own ProjectIterationManager holds the project path.
    iterations = gitlab.v4.objects.ProjectIterationManager(gl, parent=project)
    return {"titles": sorted(i.title or "" for i in iterations.list(get_all=True))}


def variable_lifecycle(owner):
    """a key in two environment scopes, picked apart with filter[environment_scope]"""
    owner.variables.create({"key": "PG_SCOPED", "value": "staging-value", "environment_scope": "staging"})
    owner.variables.create({"key": "PG_SCOPED", "value": "production-value", "environment_scope": "production",
                            "masked": True})
    production = owner.variables.get("PG_SCOPED", filter={"environment_scope": "production"})
    production.protected = True
    production.save(filter={"environment_scope": "production"})  # PUT with only what changed
    production = owner.variables.get("PG_SCOPED", filter={"environment_scope": "production"})
    listed = [(v.key, v.environment_scope) for v in owner.variables.list(get_all=True) if v.key == "PG_SCOPED"]
    try:
        owner.variables.create({"key": "PG_SHORT", "value": "short", "masked": True})
        short = "created"
    except gitlab.exceptions.GitlabCreateError as error:
        short = f"{error.response_code}: {error.error_message}"
    owner.variables.delete("PG_SCOPED", filter={"environment_scope": "staging"})
    owner.variables.delete("PG_SCOPED", filter={"environment_scope": "production"})
    return {"production": [production.value, production.masked, production.protected], "listed": sorted(listed), "masked_short": short,
            "after_delete": [v.key for v in owner.variables.list(get_all=True) if v.key == "PG_SCOPED"]}


area("project variables (project-variable)")(lambda: variable_lifecycle(website))
area("group variables (group-variable)")(lambda: variable_lifecycle(acme))


@area("project milestones (project-milestone)")
def _():
    # a date-time is taken as its date (issue 27, 2.10)
    created = website.milestones.create({"title": "pg-project-milestone", "start_date": "2026-11-02T00:00:00Z",
                                         "due_date": "2026-11-27"})
    got = website.milestones.get(created.id)
    seeded = [m for m in website.milestones.list(get_all=True) if m.title == "Website relaunch"][0]
    got.delete()
    return {"created": [created.title, created.start_date, created.project_id], "web_url": got.web_url,
            "issues": [i.title for i in seeded.issues()], "after_delete": "pg-project-milestone" in
            [m.title for m in website.milestones.list(get_all=True)]}


@area("group iterations (group-iteration)")
def _():
    return {"titles": sorted(i.title for i in acme.iterations.list(get_all=True) if i.title)}


@area("projects, groups and users by name")
def _():
    return {
        "projects": [p.path_with_namespace for p in gl.projects.list(search="doc", get_all=True)],
        "acme_projects": sorted(p.path_with_namespace for p in acme.projects.list(include_subgroups=True, get_all=True)),
        "groups": [g.full_path for g in gl.groups.list(search="des", get_all=True)],
        "subgroups": [g.full_path for g in acme.subgroups.list(get_all=True)],
        "users": [u.id for u in gl.users.list(username="oscar", get_all=True)],
        "project": gl.projects.get("opensource/docs").name,
    }


@area("label save (PUT with the name in the body)")
def _():
    label = website.labels.create({"name": "pg-save", "color": "#00aa00"})
    label.description = "saved"
    label.save()
    group_label = acme.labels.create({"name": "pg-group-save", "color": "#00aa00"})
    group_label.color = "#0000ff"
    group_label.save()
    result = {"project": website.labels.get("pg-save").description, "group": acme.labels.get("pg-group-save").color}
    website.labels.delete("pg-save")
    acme.labels.delete("pg-group-save")
    return result


@area("booleans in queries (with_content=True)")
def _():
    pages = project.wikis.list(with_content=True)
    return {"with_content": all(hasattr(p, "content") for p in pages) and len(pages) > 0}


@area("version, Bearer token and sudo")
def _():
    url = gl.url
    try:
        gl.users.list(sudo="bob")
        without_scope = "allowed"
    except gitlab.exceptions.GitlabListError as error:
        without_scope = error.response_code
    token = gl.users.get(1).personal_access_tokens.create({"name": "pg-sudo", "scopes": ["api", "sudo"]})
    bearer = gitlab.Gitlab(url, oauth_token=token.token)
    bearer.auth()
    as_bob = [p.path_with_namespace for p in bearer.projects.list(membership=True, sudo="bob", get_all=True)]
    return {"version": gl.version()[0], "bearer_user": bearer.user.username, "sudo_without_scope": without_scope,
            "sudo_projects": sorted(as_bob)}


print(json.dumps(results))
