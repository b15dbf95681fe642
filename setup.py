from configparser import ConfigParser
import setuptools, shlex

# note: all settings are in settings.ini; edit there, not here
config = ConfigParser(delimiters=['='])
config.read('settings.ini', encoding='utf-8')
cfg = config['DEFAULT']

cfg_keys = 'version description keywords author author_email'.split()
expected = cfg_keys + "lib_name user branch license status min_python audience language".split()
for o in expected: assert o in cfg, "missing expected setting: {}".format(o)
setup_cfg = {o:cfg[o] for o in cfg_keys}

licenses = {
    'apache2': ('Apache Software License 2.0','OSI Approved :: Apache Software License'),
    'mit': ('MIT License', 'OSI Approved :: MIT License'),
}
statuses = [ '1 - Planning', '2 - Pre-Alpha', '3 - Alpha',
    '4 - Beta', '5 - Production/Stable', '6 - Mature', '7 - Inactive' ]
py_versions = '3.11 3.12 3.13'.split()

def reqs(key): return shlex.split(cfg.get(key, ''))

lic = licenses.get(cfg['license'].lower(), (cfg['license'], None))
min_python = cfg['min_python']
lic_name = lic[0]
extras = {name: reqs(f'{name}_requirements') for name in ('train', 'ray', 'dev', 'tau2', 'bfcl')}
extras['all'] = sorted({r for v in extras.values() for r in v})

REGISTRY = {   # module: {registry: names it registers}
    'termworld.config': {'section': ['run', 'models', 'budget', 'executor']},
    'termworld.core': {'executor': ['threads'],
                       'record': ['skill', 'persona', 'primitive', 'task', 'environment', 'trajectory', 'recovery', 'sft', 'task_split']},
    'termworld.llm.specs': {'section': ['llm']},
    'termworld.sandbox.base': {'section': ['sandbox']},
    'termworld.skills': {'section': ['skills']},
    'termworld.compose': {'section': ['primitives'], 'record': ['relation']},
    'termworld.tasks': {'section': ['tasks']},
    'termworld.envs': {'section': ['environments']},
    'termworld.bench': {'section': ['bench']},
    'termworld.families': {'stand_in': ['families']},
    'termworld.kinds.terminal': {'kind': ['terminal']},
    'termworld.kinds.tau2': {'kind': ['tau2']},
    'termworld.kinds.bfcl': {'kind': ['bfcl_multi_turn']},
    'termworld.split': {'section': ['split']},
    'termworld.trajectories': {'section': ['trajectories']},
    'termworld.recover': {'section': ['recovered'], 'record': ['integrity_audit', 'recovery_scenario', 'training_set']},
    'termworld.finetune': {'record': ['train_run']},
    'termworld.train': {'section': ['sft', 'train'], 'record': ['sft_dataset']},
    'termworld.evaluate': {'section': ['evaluate'], 'record': ['eval_summary']},
    'termworld.flywheel.trees': {'section': ['flywheel']},
    'termworld.flywheel.users': {'record': ['flywheel_task', 'behavior_tree', 'flywheel_round']},
    'termworld.flywheel.rounds': {'record': ['flywheel_model', 'flywheel_eval', 'flywheel_bench_eval']},
    'termworld.flywheel.report': {'stand_in': ['flywheel']},
    'termworld.pipeline': {'section': ['experiment']},
    'termworld.scale': {'executor': ['ray']},
}

setuptools.setup(
    name = cfg['lib_name'],
    license = lic_name,
    classifiers = [
        'Development Status :: ' + statuses[int(cfg['status'])],
        'Intended Audience :: ' + cfg['audience'].title(),
        'Natural Language :: ' + cfg['language'].title(),
    ] + ['Programming Language :: Python :: '+o for o in py_versions[py_versions.index(min_python):]] + (['License :: ' + lic[1] ] if lic[1] else []),
    url = cfg['git_url'],
    # the repository's data/ folder (the demo's skills, personas, tasks and benchmark samples) ships inside the wheel
    # as termworld/demo_data, so an installed termworld runs the demo from any directory
    packages = setuptools.find_packages(include=['termworld', 'termworld.*']) + ['termworld.demo_data'],
    package_dir = {'termworld.demo_data': 'data'},
    include_package_data = True,
    package_data = {'termworld': ['prompts/*', 'presets/*.yaml', 'presets/**/*', 'data/*', 'data/**/*'],
                    'termworld.demo_data': ['*', '**/*']},
    install_requires = reqs('requirements'),
    extras_require = extras,
    dependency_links = cfg.get('dep_links','').split(),
    python_requires  = '>=' + cfg['min_python'],
    long_description = open('README.md', encoding='utf-8').read(),
    long_description_content_type = 'text/markdown',
    zip_safe = False,
    entry_points = {
        'console_scripts': cfg.get('console_scripts').split(),
        'nbdev': [f'{cfg.get("lib_path")}={cfg.get("lib_path")}._modidx:d'],
        # what each module registers, so that a fresh kernel finds it without importing the pipeline first
        # (termworld.core.load_declared; nbs/pipeline/97_architecture.ipynb checks this list against the registries)
        'termworld.registry': [f'{registry}.{name} = {module}' for module, names in REGISTRY.items()
                               for registry, items in names.items() for name in items],
    },
    **setup_cfg)
