/** The owner's dashboard (issue #20): a section the admin home shows above its product list. */
export { Dashboard } from './admin/Dashboard';
